import { useId, useState } from 'react';
import type { Bill } from '../../../domain/bill';
import { callEndpoint } from '../call-endpoint';
import { openTab, tabCommand } from '../../contracts/tabs';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Problem } from '../ui/Problem';
import { knownTabs, rememberTab, type KnownTab } from './known-tabs';
import { PayersFields, payersPaid, type PayerRow } from './PayersFields';

export interface AddToTabDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The bill as the Summary splits it; its diners become the tab's people (matched by name). */
  readonly bill: Bill;
  /** What the diners owe together: what one payer paid, and what several must add up to. */
  readonly total: number;
  /** Who paid the restaurant, when the Summary knows (a diner's id). */
  readonly payerId: string | null;
}

const NEW_TAB = '';

/**
 * "Add to tab" on the Summary: the bill joins a new tab or one this device knows, with who paid it
 * (one diner, or several with what each paid). The tab then opens in this browser.
 */
export function AddToTabDialog({ open, onClose, bill, total, payerId }: AddToTabDialogProps) {
  const ids = useId();
  const [tabs, setTabs] = useState<KnownTab[]>(knownTabs);
  const [chosen, setChosen] = useState(tabs[0]?.tabId ?? NEW_TAB);
  const [tabName, setTabName] = useState('');
  const [payers, setPayers] = useState<PayerRow[]>([{ personId: payerId ?? bill.diners[0]?.id ?? '', amount: '' }]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    setProblem(null);
    const target = chosen === NEW_TAB ? await openNewTab(tabName.trim() || bill.name || 'Our tab', bill) : (tabs.find((t) => t.tabId === chosen) ?? null);
    if (target === null || 'error' in target) {
      setBusy(false);
      return setProblem(target?.error ?? 'That tab is no longer on this device.');
    }
    // Opened now: a retry after a refusal below adds to this tab rather than opening another.
    if (chosen === NEW_TAB) {
      setTabs([target, ...tabs]);
      setChosen(target.tabId);
    }
    const added = await callEndpoint(tabCommand, [target.tabId, target.key], {
      command: { type: 'addBill', bill, payers: payersPaid(payers, total, bill.currency).map((p) => ({ dinerId: p.personId, amount: p.amount })) },
    });
    setBusy(false);
    if (!added.ok) return setProblem(added.error ?? 'That did not go through. Please try again.');
    rememberTab({ tabId: target.tabId, key: target.key, name: added.value.tab.name });
    location.assign(`/tab/${encodeURIComponent(target.tabId)}#${encodeURIComponent(target.key)}`);
  };

  return (
    <Dialog open={open} title="Add to tab" onClose={onClose}>
      <form
        className="tab-form"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <p className="muted">A tab keeps a group&apos;s bills together and settles them up in the fewest payments.</p>
        <label className="field">
          <span>Tab</span>
          <select className="input" value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
            <option value={NEW_TAB}>A new tab</option>
            {tabs.map((t) => (
              <option key={t.tabId} value={t.tabId}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        {chosen === NEW_TAB && (
          <label className="field">
            <span>Name of the new tab</span>
            <input className="input" value={tabName} maxLength={60} placeholder={bill.name ?? 'Weekend away'} onChange={(e) => setTabName(e.currentTarget.value)} />
          </label>
        )}
        <PayersFields people={bill.diners} currency={bill.currency} rows={payers} onRows={setPayers} />
        <Problem id={`${ids}-problem`} message={problem} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" disabled={busy}>
            {busy ? 'Adding…' : 'Add to tab'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

async function openNewTab(name: string, bill: Bill): Promise<KnownTab | { error: string }> {
  const opened = await callEndpoint(openTab, [], { name, currency: bill.currency, people: [] });
  if (!opened.ok) return { error: opened.error ?? 'The tab could not be opened. Please try again.' };
  const known = { tabId: opened.value.tabId, key: opened.value.key, name: opened.value.tab.name };
  rememberTab(known);
  return known;
}
