import { useEffect, useMemo, useState } from 'react';
import type { TabViewJson } from '../../contracts/tabs';
import { useStore } from '../use-store';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { AddExpense } from './AddExpense';
import { knownTabs, rememberTab } from './known-tabs';
import { connectTab, type TabConnection } from './tab-connection';
import { TabBills } from './TabBills';
import { TabPeople } from './TabPeople';
import { TabRates } from './TabRates';
import { TabSettleUp } from './TabSettleUp';
import './tab.css';

/**
 * A group's tab at /tab/{tabId}#{key}: who owes whom and how to settle it in the fewest transfers,
 * the bills on it, and adding to it. The key (in the fragment, never in a page request) is the tab's
 * capability; every phone with it follows the tab as it changes.
 */
export default function TabApp({ tabId }: { readonly tabId: string }) {
  const key = useMemo(() => keyOf(typeof location === 'undefined' ? '' : location.hash), []);
  const [connection] = useState<TabConnection | null>(() => (key === '' ? null : connectTab(tabId, key)));
  useEffect(() => () => connection?.close(), [connection]);
  if (connection === null) return <Card>This link is incomplete. Ask whoever shared the tab to send it again.</Card>;
  return <TabScreen tabId={tabId} tabKey={key} connection={connection} />;
}

/** The key in the link's fragment; a fragment mangled in the sharing (a stray %) is no key. */
function keyOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

function TabScreen({ tabId, tabKey, connection }: { readonly tabId: string; readonly tabKey: string; readonly connection: TabConnection }) {
  const tab = useStore(connection.tab);
  const refused = useStore(connection.refused);
  const [me, setMe] = useState<string | undefined>(() => knownTabs().find((t) => t.tabId === tabId)?.me);
  const name = tab?.name;
  useEffect(() => {
    if (name !== undefined) rememberTab({ tabId, key: tabKey, name, me });
  }, [tabId, tabKey, name, me]);

  if (refused !== null) return <Card role="alert">{refused}</Card>;
  if (tab === null) return <Card aria-busy="true">Loading the tab…</Card>;
  const mine = tab.people.some((p) => p.id === me) ? me : undefined;
  return (
    <div className="tab-screen">
      <TabHeading tab={tab} tabId={tabId} tabKey={tabKey} />
      <WhoAreYou tab={tab} me={mine} onPick={setMe} />
      <TabSettleUp tab={tab} me={mine} send={connection.send} />
      <TabRates tab={tab} send={connection.send} />
      <AddExpense tab={tab} me={mine} send={connection.send} />
      <TabBills tab={tab} send={connection.send} />
      <TabPeople tab={tab} me={mine} send={connection.send} />
    </div>
  );
}

function TabHeading({ tab, tabId, tabKey }: { readonly tab: TabViewJson; readonly tabId: string; readonly tabKey: string }) {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = location.href;
    if (typeof navigator.share === 'function') await navigator.share({ title: tab.name, url }).catch(() => undefined);
    else
      await navigator.clipboard?.writeText(url).then(
        () => setCopied(true),
        () => undefined,
      );
  };
  const exportCsv = async () => {
    const answer = await fetch(`/api/tabs/${encodeURIComponent(tabId)}/export`, { headers: { 'x-tab-key': tabKey } }).catch(() => null);
    if (answer === null || !answer.ok) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await answer.blob());
    link.download = `${tab.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'tab'}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Card>
      <p className="eyebrow">Tab</p>
      <h2 className="tab-title">{tab.name}</h2>
      <p className="muted">
        {tab.people.length} {tab.people.length === 1 ? 'person' : 'people'} · {tab.bills.length} {tab.bills.length === 1 ? 'bill' : 'bills'}
      </p>
      <div className="actions tab-actions">
        <Button onClick={() => void share()}>{copied ? 'Link copied' : 'Share tab link'}</Button>
        <Button variant="ghost" onClick={() => void exportCsv()} disabled={tab.bills.length === 0}>
          Export CSV
        </Button>
      </div>
    </Card>
  );
}

function WhoAreYou({ tab, me, onPick }: { readonly tab: TabViewJson; readonly me: string | undefined; readonly onPick: (id: string | undefined) => void }) {
  if (tab.people.length === 0) return null;
  return (
    <Card>
      <label className="field">
        <span>Who are you?</span>
        <select className="input" value={me ?? ''} onChange={(e) => onPick(e.currentTarget.value || undefined)}>
          <option value="">Choose your name</option>
          {tab.people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
    </Card>
  );
}
