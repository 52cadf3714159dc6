import { useState } from 'react';
import { ShowToPayDialog } from '../paying-back/ShowToPayDialog';
import type { TabViewJson } from '../../contracts/tabs';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Problem } from '../ui/Problem';
import type { TabConnection } from './tab-connection';

type Settlement = TabViewJson['settlements'][number];
type Transfer = Settlement['transfers'][number];

const PROVIDER_NAMES: Record<Transfer['payLinks'][number]['provider'], string> = { monzo: 'Monzo', revolut: 'Revolut', paypal: 'PayPal' };

/** Who pays whom, in the fewest transfers, each with why, how to pay and a way to mark it paid; then everyone's balance. */
export function TabSettleUp({ tab, me, send }: { readonly tab: TabViewJson; readonly me: string | undefined; readonly send: TabConnection['send'] }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [marking, setMarking] = useState<string | null>(null);
  const [showing, setShowing] = useState<Transfer | null>(null);
  const markPaid = async (t: Transfer) => {
    setMarking(`${t.from}>${t.to}`);
    const sent = await send({ type: 'recordTransfer', from: t.from, to: t.to, amount: t.amount, currency: t.currency, shownAt: tab.version });
    setMarking(null);
    setProblem(sent.ok ? null : (sent.error ?? 'That did not go through. Please try again.'));
  };
  const undo = async (transferId: string) => {
    const sent = await send({ type: 'undoTransfer', transferId });
    setProblem(sent.ok ? null : (sent.error ?? 'That did not go through. Please try again.'));
  };
  const several = tab.settlements.length > 1;
  return (
    <Card aria-labelledby="settle-up-title">
      <h2 id="settle-up-title">Settle up</h2>
      {tab.settlements.length === 0 && <p className="muted">Add a bill to see who owes whom.</p>}
      {tab.settlements.map((s) => (
        <div key={s.currency} className="tab-settlement">
          {several && <h3>In {s.currency}</h3>}
          {s.rates.length > 0 && <p className="muted">Other currencies at {s.rates.join(', ')}</p>}
          {me !== undefined && <MyBalance settlement={s} me={me} />}
          {s.transfers.length === 0 ? (
            <p className="panel success">Everyone is settled up.</p>
          ) : (
            <ul className="rows tab-transfers">
              {ordered(s.transfers, me).map((t) => (
                <li key={`${t.from}>${t.to}`} className={t.from === me || t.to === me ? 'tab-transfer mine' : 'tab-transfer'}>
                  <p className="tab-row">
                    <strong>
                      {t.fromName} pays {t.toName}
                    </strong>
                    <strong className="nowrap">{t.amountText}</strong>
                  </p>
                  <p className="muted tab-reason">{t.reason}</p>
                  {t.payToChanged !== null && (me === undefined || t.from === me) && (
                    <p className="panel warning" role="note">
                      {t.payToChanged}
                    </p>
                  )}
                  <div className="actions">
                    {(me === undefined || t.from === me || t.to === me) && t.code !== null && (
                      <Button onClick={() => setShowing(t)}>{t.code.provider === 'upi' ? 'UPI code' : 'Bank transfer code'}</Button>
                    )}
                    {(me === undefined || t.from === me) &&
                      t.payLinks.map((link) => (
                        <a key={link.provider} className="button secondary" href={link.url} target="_blank" rel="noopener noreferrer">
                          {PROVIDER_NAMES[link.provider]}
                          {link.amountFilled ? ` ${t.amountText}` : ''}
                        </a>
                      ))}
                    <Button variant={t.from === me || t.to === me ? 'primary' : 'secondary'} disabled={marking !== null} onClick={() => void markPaid(t)}>
                      {marking === `${t.from}>${t.to}` ? 'Marking…' : 'Mark paid'}
                    </Button>
                  </div>
                  {(me === undefined || t.from === me) && t.payLinks.length === 0 && t.code === null && (
                    <p className="muted">{t.toName} has not added a way to be paid yet: pay them as you usually do.</p>
                  )}
                </li>
              ))}
            </ul>
          )}
          <details className="tab-balances">
            <summary>Everyone&apos;s balance</summary>
            <ul className="rows">
              {s.balances.map((b) => (
                <li key={b.personId} className="tab-row">
                  <span>{b.name}</span>
                  <span className={b.amount < 0 ? 'tab-owes' : undefined}>{balanceWords(b)}</span>
                </li>
              ))}
            </ul>
          </details>
        </div>
      ))}
      {tab.transfersMade.length > 0 && (
        <details className="tab-made">
          <summary>Payments made ({tab.transfersMade.length})</summary>
          <ul className="rows">
            {tab.transfersMade.map((m) => (
              <li key={m.id} className="tab-row">
                <span>
                  {m.fromName} paid {m.toName} <span className="nowrap">{m.amountText}</span>
                </span>
                <Button variant="ghost" onClick={() => void undo(m.id)} aria-label={`Undo: ${m.fromName} paid ${m.toName} ${m.amountText}`}>
                  Undo
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}
      <Problem message={problem} />
      {showing?.code && <ShowToPayDialog name={showing.fromName} code={showing.code} onClose={() => setShowing(null)} />}
    </Card>
  );
}

function MyBalance({ settlement, me }: { readonly settlement: Settlement; readonly me: string }) {
  const mine = settlement.balances.find((b) => b.personId === me);
  if (mine === undefined) return null;
  const text = mine.amount > 0 ? `You are owed ${mine.amountText}` : mine.amount < 0 ? `You owe ${mine.amountText}` : 'You are settled up';
  return <p className="tab-my-balance">{text}</p>;
}

function balanceWords(balance: Settlement['balances'][number]): string {
  return balance.amount > 0 ? `is owed ${balance.amountText}` : balance.amount < 0 ? `owes ${balance.amountText}` : 'settled up';
}

/** This phone's own transfers first, the rest in the plan's order. */
function ordered(transfers: readonly Transfer[], me: string | undefined): Transfer[] {
  const isMine = (t: Transfer) => t.from === me || t.to === me;
  return [...transfers.filter(isMine), ...transfers.filter((t) => !isMine(t))];
}
