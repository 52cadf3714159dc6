import { atom, type ReadableAtom } from 'nanostores';
import { callEndpointWith, type Called } from '../call-endpoint';
import { readTab, tabCommand, tabEventsPath, tabViewJson, type TabCommandJson, type TabRefusalCode, type TabViewJson } from '../../contracts/tabs';

export interface TabConnection {
  /** The newest version of the tab this phone has (null until the first arrives). */
  readonly tab: ReadableAtom<TabViewJson | null>;
  /** Set when the tab cannot be shown at all: its link is wrong, or it is gone. */
  readonly refused: ReadableAtom<string | null>;
  send(command: TabCommandJson): Promise<Called<{ tab: TabViewJson }, TabRefusalCode>>;
  close(): void;
}

/**
 * Follows one tab: read once through its contract, then every version other phones commit as
 * Server-Sent Events (EventSource reconnects by itself). Each version is parsed with the same
 * schema the server answers with; an older version than the one shown is ignored.
 */
export function connectTab(tabId: string, key: string): TabConnection {
  const tab = atom<TabViewJson | null>(null);
  const refused = atom<string | null>(null);
  const show = (next: TabViewJson) => {
    const shown = tab.get();
    if (shown === null || next.version > shown.version) tab.set(next);
  };
  void callEndpointWith({}, readTab, [tabId, key]).then((read) => {
    if (read.ok) show(read.value.tab);
    else if (read.code === 'not_found') refused.set(read.error ?? 'This tab was not found. Check the link.');
  });
  const source = typeof EventSource === 'undefined' ? null : new EventSource(tabEventsPath(tabId, key));
  source?.addEventListener('tab', (event) => {
    let data: unknown;
    try {
      data = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      return;
    }
    const parsed = tabViewJson.safeParse(data);
    if (parsed.success) show(parsed.data);
  });
  return {
    tab,
    refused,
    async send(command) {
      const sent = await callEndpointWith({}, tabCommand, [tabId, key], { command });
      if (sent.ok) show(sent.value.tab);
      return sent;
    },
    close: () => source?.close(),
  };
}
