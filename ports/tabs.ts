import type { Result } from '../domain/result';
import type { Tab, TabChange, TabId, TabProblem } from '../domain/tab/tab';

/** Decides one change on the tab as the store holds it once locked. */
export type DecideTabChange = (tab: Tab) => Result<TabChange, TabProblem>;

/** Tabs, the one source of truth every process shares; a tab is reached only with its key's hash. */
export interface TabStore {
  create(tab: Tab, keyHash: string): Promise<void>;
  /** The tab, or null when the tab or the key is unknown. */
  find(tabId: TabId, keyHash: string): Promise<Tab | null>;
  /**
   * Locks the tab, reads it, decides the change on what it read, applies it and bumps the version,
   * all in one transaction; then announces the new version to every process.
   */
  change(tabId: TabId, keyHash: string, decide: DecideTabChange): Promise<Result<Tab, TabProblem | { readonly code: 'not_found' }>>;
}

/** Committed versions of tabs, as they happen in any process. */
export interface TabEvents {
  /** `onChange` hears every version committed after the call resolves; the returned function stops it. */
  subscribe(tabId: TabId, onChange: (tab: Tab) => void): Promise<() => void>;
}
