import { useState } from 'react';
import { currencyCode, GBP, minorToMajorText } from '../../../domain/currency';
import type { TabViewJson } from '../../contracts/tabs';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Problem } from '../ui/Problem';
import { PayersFields, payersPaid, type PayerRow } from './PayersFields';
import type { TabConnection } from './tab-connection';

type Bill = TabViewJson['bills'][number];

/** The bills on the tab, newest first: who paid what, each person's share, and changing who paid. */
export function TabBills({ tab, send }: { readonly tab: TabViewJson; readonly send: TabConnection['send'] }) {
  if (tab.bills.length === 0) return null;
  return (
    <Card aria-labelledby="tab-bills-title">
      <h2 id="tab-bills-title">Bills</h2>
      <ul className="rows tab-bills">
        {[...tab.bills].reverse().map((bill) => (
          <TabBillRow key={bill.id} bill={bill} people={tab.people} send={send} />
        ))}
      </ul>
    </Card>
  );
}

function TabBillRow({ bill, people, send }: { readonly bill: Bill; readonly people: TabViewJson['people']; readonly send: TabConnection['send'] }) {
  const [editing, setEditing] = useState<PayerRow[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const currency = currencyCode(bill.currency) ?? GBP;
  const done = (sent: Awaited<ReturnType<TabConnection['send']>>) => {
    setProblem(sent.ok ? null : (sent.error ?? 'That did not go through. Please try again.'));
    if (sent.ok) setEditing(null);
  };
  const savePayers = async (rows: PayerRow[]) => done(await send({ type: 'setPayers', billId: bill.id, payers: payersPaid(rows, bill.total, currency) }));
  return (
    <li className="tab-bill">
      <p className="tab-row">
        <strong>{bill.name}</strong>
        <strong className="nowrap">{bill.totalText}</strong>
      </p>
      <p className="muted">
        Paid by{' '}
        {bill.payers.map((p, k) => (
          <span key={p.personId}>
            {k > 0 ? ', ' : ''}
            {p.name} <span className="nowrap">{p.amountText}</span>
          </span>
        ))}
      </p>
      <details>
        <summary>Shares</summary>
        <ul className="rows">
          {bill.shares.map((s) => (
            <li key={s.personId} className="tab-row">
              <span>{s.name}</span>
              <span className="nowrap">{s.amountText}</span>
            </li>
          ))}
        </ul>
      </details>
      {editing !== null ? (
        <form
          className="tab-form"
          onSubmit={(e) => {
            e.preventDefault();
            void savePayers(editing);
          }}
        >
          <PayersFields people={people} currency={currency} rows={editing} onRows={setEditing} />
          <div className="actions">
            <Button variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button variant="primary" type="submit">
              Save who paid
            </Button>
          </div>
        </form>
      ) : (
        <div className="actions">
          <Button variant="ghost" onClick={() => setEditing(bill.payers.map((p) => ({ personId: p.personId, amount: minorToMajorText(p.amount, currency) })))}>
            Change who paid
          </Button>
          {confirming ? (
            <Button variant="danger" onClick={() => void send({ type: 'removeBill', billId: bill.id }).then(done)}>
              Remove {bill.name} and its shares
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              Remove
            </Button>
          )}
        </div>
      )}
      <Problem message={problem} />
    </li>
  );
}
