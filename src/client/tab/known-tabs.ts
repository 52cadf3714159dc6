// Tabs this device has opened or added a bill to, so "Add to tab" can offer them again and each
// phone remembers who on the tab it is. Kept in localStorage only: the key is the tab's capability.

export interface KnownTab {
  readonly tabId: string;
  readonly key: string;
  readonly name: string;
  /** The person this phone is on the tab, once chosen. */
  readonly me?: string | undefined;
}

const STORAGE_KEY = 'whos-paying:tabs';

export function knownTabs(): KnownTab[] {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((t): t is KnownTab => typeof t?.tabId === 'string' && typeof t?.key === 'string' && typeof t?.name === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers a tab (most recent first), keeping what was known of it before. */
export function rememberTab(tab: KnownTab): void {
  const others = knownTabs().filter((t) => t.tabId !== tab.tabId);
  const before = knownTabs().find((t) => t.tabId === tab.tabId);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([{ ...before, ...tab }, ...others].slice(0, 20)));
  } catch {
    // Storage full or blocked: the tab still works from its link.
  }
}
