import { useState } from 'react';
import { PAY_BACK_SLOT, rowSlot, type PayBack } from './use-pay-back';
import { ShowToPayDialog } from './ShowToPayDialog';
import type { CurrencyCode } from '../../../domain/currency';
import { groupedIban } from '../../../domain/paying-back/iban';
import { offersTableCode } from '../../../domain/paying-back/pay-ways';
import type { TableCodeAnswer } from '../../contracts/paying-back';
import { ToastSlot } from '../ui/Toasts';
import { setPayer } from '../bill/bill-store';
import { payerDinerId } from '../../../domain/paying-back/payee';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

/** "Getting paid back" on the summary: who people pay, how many have paid, and a reminder for the rest. */
export function PayBackCard({
  payBack,
  held = false,
  diners,
  payerId,
}: {
  readonly payBack: PayBack;
  readonly held?: boolean;
  readonly diners: readonly { readonly id: string; readonly name: string }[];
  readonly payerId: string | null;
}) {
  const { payee, recent } = payBack;
  // The server's words for who has paid what (the payer is neither counted nor owing).
  const status = recent?.status ?? null;
  return (
    <Card aria-labelledby="payback-title">
      <h2 id="payback-title">Getting paid back</h2>
      <div className="field pb-payer">
        <label htmlFor="payer">Who paid the bill?</label>
        <select id="payer" className="input" value={payerId ?? ''} onChange={(e) => setPayer(e.currentTarget.value === '' ? null : e.currentTarget.value)}>
          {diners.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
          <option value="">{notDiningLabel(payee?.name ?? null, diners)}</option>
        </select>
      </div>
      <p className="wz-note">Whoever paid is owed the others' shares and owes nothing.</p>
      {payee === null ? (
        <p>Add how people can pay you, then send each person their share with a link to pay.</p>
      ) : (
        <p>
          People pay <strong>{payee.name}</strong>
          {[
            payee.monzo && `Monzo ${payee.monzo}`,
            payee.revolut && `Revolut @${payee.revolut}`,
            payee.paypal && `PayPal ${payee.paypal}`,
            payee.iban && `IBAN ${groupedIban(payee.iban)}`,
            payee.upi && `UPI ${payee.upi}`,
          ]
            .filter(Boolean)
            .map((h) => ` · ${h}`)}
        </p>
      )}
      {status !== null ? (
        <p role="status" aria-live="polite">
          {status.summary}
        </p>
      ) : null}
      {payBack.toPhones !== null ? <ToPhones toPhones={payBack.toPhones} busy={payBack.busy !== null || held} /> : null}
      <div className="wz-actions">
        <Button onClick={payBack.openPayee}>{payee === null ? 'Add payment details' : 'Edit payment details'}</Button>
        {recent !== null && status?.everyonePaid !== true ? (
          <Button disabled={payBack.busy !== null || held} onClick={payBack.remind}>
            Remind who hasn't paid
          </Button>
        ) : null}
      </div>
      <ToastSlot at={PAY_BACK_SLOT} />
    </Card>
  );
}

/**
 * The choice of someone who paid but did not eat. The organiser is offered once: when a diner has
 * their name they are that diner (the default), so this choice does not name them again.
 */
function notDiningLabel(payeeName: string | null, diners: readonly { readonly id: string; readonly name: string }[]): string {
  if (payeeName === null) return 'Me, not one of the diners';
  return payerDinerId({ by: 'me' }, diners, payeeName) === null ? `${payeeName}, not one of the diners` : 'Someone not at the table';
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
export function DinerPayActions({
  payBack,
  dinerId,
  name,
  payIn,
  held = false,
}: {
  readonly payBack: PayBack;
  readonly dinerId: string;
  readonly name: string;
  /** The currency the organiser is paid back in (the bill's, or pounds at their rate). */
  readonly payIn: CurrencyCode;
  readonly held?: boolean;
}) {
  const { recent, busy } = payBack;
  const stored = recent?.diners.find((d) => d.id === dinerId) ?? null;
  // The server's words for this row: "Not paid yet", "✓ Paid £31.02", "paid £31.02 · £1.06 still to come".
  const row = stored === null ? undefined : recent?.status?.diners.find((d) => d.dinerId === stored.dinerId);
  const fullyPaid = row?.paidInFull ?? false;
  // The server's code once the bill is stored (rows kept before codes existed have none); before
  // that, whether the organiser's details give one in this currency, to store the bill on the tap.
  const offered = row === undefined ? offersTableCode(payBack.payee, payIn) : (row.tableCode ?? null) !== null;
  const [showing, setShowing] = useState<TableCodeAnswer | null>(null);
  return (
    <div className="pb-row">
      {row !== undefined ? (
        <p className="pb-status" data-paid={fullyPaid ? 'yes' : 'no'}>
          {row.note}
        </p>
      ) : null}
      <div className="pb-row-actions">
        <Button disabled={busy !== null || held} onClick={() => payBack.send(dinerId)} aria-label={`Send ${name} their share`}>
          Send
        </Button>
        {stored !== null ? (
          <Button disabled={busy !== null} onClick={() => payBack.setPaid(dinerId, !fullyPaid)}>
            {fullyPaid ? 'Mark unpaid' : 'Mark paid'}
          </Button>
        ) : null}
        {offered ? (
          <Button disabled={busy !== null || held} onClick={() => payBack.showToPay(dinerId, setShowing)} aria-label={`Show to pay: ${name}`}>
            Show to pay
          </Button>
        ) : null}
      </div>
      {showing !== null ? <ShowToPayDialog name={name} code={showing} onClose={() => setShowing(null)} /> : null}
      <ToastSlot at={rowSlot(dinerId)} />
    </div>
  );
}
