import { err, ok, type Result } from '../../domain/result';
import { changeTab, type Tab, type TabId, type TabProblem } from '../../domain/tab/tab';
import type { DecideTabChange, TabEvents, TabStore } from '../../ports/tabs';

/** Tabs in this process's memory, for tests: the same rules as the Postgres store, one change at a time. */
export class MemoryTabs implements TabStore, TabEvents {
  private readonly tabs = new Map<string, { tab: Tab; keyHash: string }>();
  private readonly watchers = new Map<string, Set<(tab: Tab) => void>>();

  async create(tab: Tab, keyHash: string): Promise<void> {
    this.tabs.set(tab.id, { tab, keyHash });
  }

  async find(tabId: TabId, keyHash: string): Promise<Tab | null> {
    const found = this.tabs.get(tabId);
    return found !== undefined && found.keyHash === keyHash ? found.tab : null;
  }

  async change(tabId: TabId, keyHash: string, decide: DecideTabChange): Promise<Result<Tab, TabProblem | { readonly code: 'not_found' }>> {
    const found = this.tabs.get(tabId);
    if (found === undefined || found.keyHash !== keyHash) return err({ code: 'not_found' });
    const change = decide(found.tab);
    if (!change.ok) return change;
    const next = changeTab(found.tab, change.value);
    if (!next.ok) return next;
    this.tabs.set(tabId, { tab: next.value, keyHash });
    for (const onChange of this.watchers.get(tabId) ?? []) {
      try {
        onChange(next.value);
      } catch {
        // As the Postgres events: one watcher failing never fails the change or the others.
      }
    }
    return ok(next.value);
  }

  async subscribe(tabId: TabId, onChange: (tab: Tab) => void): Promise<() => void> {
    const set = this.watchers.get(tabId) ?? new Set();
    set.add(onChange);
    this.watchers.set(tabId, set);
    return () => void set.delete(onChange);
  }
}
