/** Site-wide constants for pages and browser code; fixed at build time, since the landing page is prerendered. */
export const SUPPORT_EMAIL: string = import.meta.env.PUBLIC_SUPPORT_EMAIL || 'support@whospaying.app';

// Store listings of the native shell (Apple for iPhone and iPad, Google Play otherwise).
const ANDROID_PACKAGE = 'app.whospaying';
export const PLAY_STORE_URL = `https://play.google.com/store/apps/details?id=${ANDROID_PACKAGE}`;
export const APP_STORE_URL = 'https://apps.apple.com/app/whos-paying/id6740000000';
