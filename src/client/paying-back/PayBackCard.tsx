import { formatGBP, pence } from '../../../domain/money';
import type { PayBack } from './use-pay-back';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

/** "Getting paid back" on the summary: who people pay, how many have paid, and a reminder for the rest. */
export function PayBackCard({ payBack, held = false }: { readonly payBack: PayBack; readonly held?: boolean }) {
  const { payee, recent } = payBack;
  const paidCount = recent === null ? 0 : recent.diners.filter((d) => recent.paid[d.dinerId] !== undefined).length;
  const outstanding = recent === null ? 0 : recent.diners.filter((d) => recent.paid[d.dinerId] === undefined).reduce((sum, d) => sum + d.totalPence, 0);
  return (
    <Card aria-labelledby="payback-title">
      <h2 id="payback-title">Getting paid back</h2>
      {payee === null ? (
        <p>Add how people can pay you, then send each person their share with a link to pay.</p>
      ) : (
        <p>
          People pay <strong>{payee.name}</strong>
          {[payee.monzo && `Monzo ${payee.monzo}`, payee.revolut && `Revolut @${payee.revolut}`, payee.paypal && `PayPal ${payee.paypal}`].filter(Boolean).map((h) => ` · ${h}`)}
        </p>
      )}
      {recent !== null ? (
        <p role="status" aria-live="polite">
          {paidCount} of {recent.diners.length} paid{outstanding > 0 ? ` · ${formatGBP(pence(outstanding))} still to come` : ''}
        </p>
      ) : null}
      {payBack.toPhones !== null ? <ToPhones toPhones={payBack.toPhones} busy={payBack.busy !== null || held} /> : null}
      <div className="wz-actions">
        <Button onClick={payBack.openPayee}>{payee === null ? 'Add payment details' : 'Edit payment details'}</Button>
        {recent !== null && paidCount < recent.diners.length ? (
          <Button disabled={payBack.busy !== null || held} onClick={payBack.remind}>
            Remind who hasn't paid
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** After a live bill: everyone's share and own pay-back link, sent to the phone they picked their items on. */
function ToPhones({ toPhones, busy }: { readonly toPhones: NonNullable<PayBack['toPhones']>; readonly busy: boolean }) {
  return (
    <div className={`pb-phones wz-panel ${toPhones.sent ? 'wz-ok' : 'wz-info'}`}>
      <p role="status">
        {toPhones.sent
          ? '✓ On everyone’s phone: their share and a link to pay you. Changes you make here are sent too.'
          : 'Everyone picked their items on their phone. Send each of them their share and a link to pay you, right there.'}
      </p>
      <Button variant={toPhones.sent ? 'secondary' : 'primary'} block disabled={busy} onClick={toPhones.send}>
        Send to everyone’s phone
      </Button>
    </div>
  );
}

/** The Send action and the paid mark on one diner's row of Individual Totals. */
export function DinerPayActions({ payBack, dinerId, name, held = false }: { readonly payBack: PayBack; readonly dinerId: string; readonly name: string; readonly held?: boolean }) {
  const { recent, busy } = payBack;
  const stored = recent?.diners.find((d) => d.id === dinerId) ?? null;
  const paidBy = stored === null ? undefined : recent?.paid[stored.dinerId];
  return (
    <div className="pb-row">
      {stored !== null ? (
        <p className="pb-status" data-paid={paidBy !== undefined ? 'yes' : 'no'}>
          {paidBy === 'diner' ? `✓ ${name} says they've paid` : paidBy === 'organiser' ? '✓ Paid' : 'Not paid yet'}
        </p>
      ) : null}
      <div className="pb-row-actions">
        <Button disabled={busy !== null || held} onClick={() => payBack.send(dinerId)} aria-label={`Send ${name} their share`}>
          Send
        </Button>
        {stored !== null ? (
          <Button disabled={busy !== null} onClick={() => payBack.setPaid(dinerId, paidBy === undefined)}>
            {paidBy === undefined ? 'Mark paid' : 'Mark unpaid'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
