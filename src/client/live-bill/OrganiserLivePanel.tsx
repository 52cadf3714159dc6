import { useStore } from '../use-store';
import { useEffect, useMemo, useState } from 'react';
import type { LiveBill, LiveDiner, LiveItem } from '../../../domain/live-bill/live-bill';
import { MAX_DINER_NAME_LENGTH, MAX_DINERS } from '../../../domain/diners';
import { RemoveDinerDialog } from '../bill/RemoveDinerDialog';
import { splitLines } from '../../../domain/live-bill/live-split';
import { seatAskText } from '../../../domain/live-bill/messages';
import { minorToMajorText, type CurrencyCode } from '../../../domain/currency';
import { typedLinePrice } from '../../../domain/price-input';
import { qrDataUrl } from '../sharing/share-link';
import { MoneyInput } from '../ui/MoneyInput';
import { $bill, type LiveLink } from '../bill/bill-state';
import { $payee } from '../bill/payee-store';
import { payerDinerId } from '../../../domain/paying-back/payee';
import { finishLive, leaveLive } from '../bill/bill-store';
import { Dialog } from '../ui/Dialog';
import { connectLive, shownBill, type LiveConnection, type SentNow } from './live-connection';
import { isReadOnly, LiveBanners } from './LiveBanners';
import { LiveItems } from './LiveItems';
import { LiveTotals } from './LiveTotals';
import './live.css';
import { Problem } from '../ui/Problem';

/**
 * The organiser's assign step while the bill is open to the table: the QR code and link, who has
 * joined, everyone's claims live (the organiser can set anyone's), edits, lock, and finish.
 */
export function OrganiserLivePanel({ link }: { readonly link: LiveLink }) {
  const connection = useMemo(() => connectLive(link.billId, link.organiserKey), [link.billId, link.organiserKey]);
  useEffect(() => () => connection.close(), [connection]);
  const state = useStore(connection.$state);
  const bill = shownBill(state);
  const [editing, setEditing] = useState<LiveItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<LiveDiner | null>(null);
  // The organiser is at the table on this phone, as the diner named as in their payment details (who paid, by default).
  const payee = useStore($payee);
  const payer = useStore($bill).payer;

  if (bill === null)
    return (
      <section className="card" aria-labelledby="live-title">
        <h2 id="live-title">Open to the table</h2>
        <p role="status">{state.refused?.message ?? 'Connecting…'}</p>
        {state.refused ? (
          <button type="button" className="button secondary" onClick={leaveLive}>
            Back to assigning here
          </button>
        ) : null}
      </section>
    );

  const readOnly = isReadOnly(bill);
  const here = payerDinerId({ by: 'me' }, bill.diners, payee?.name ?? null);
  const paid = payerDinerId(payer, bill.diners, payee?.name ?? null);
  const send = async (command: Parameters<LiveConnection['sendNow']>[1]) => {
    const answer = await connection.sendNow(link.organiserKey, command);
    setProblem(answer.ok ? null : answer.error);
    return answer;
  };
  const finish = async () => {
    const answer = await send({ type: 'setStatus', status: 'finished' });
    // Finished already, or expired: the summary is still the organiser's to see.
    const final = answer.ok ? answer.bill : bill;
    finishLive(splitLines(final), final.diners, final.tipSplit);
  };

  return (
    <>
      <TableLink link={link} />
      <LiveBanners state={state} bill={bill} connection={connection} />
      <section className="card" aria-labelledby="live-diners-title">
        <h2 id="live-diners-title">At the table</h2>
        <ul className="wz-assign-list">
          {bill.diners.map((d) => (
            <li key={d.id} className="lv-diner-row">
              <span>
                {d.name} <span className="wz-note">{d.id === here ? (d.id === paid ? '· on this phone, paid the bill' : '· on this phone') : d.joined ? '· on their phone' : '· not joined yet'}</span>
              </span>
              <button type="button" className="button ghost" disabled={readOnly} onClick={() => setRemoving(d)}>
                Remove <span className="wz-visually-hidden">{d.name}</span>
              </button>
              {d.asking !== undefined ? <SeatAsk diner={d} askId={d.asking} answer={(letIn) => send({ type: 'answerSeat', dinerId: d.id, askId: d.asking!, letIn })} /> : null}
            </li>
          ))}
        </ul>
        {bill.diners.length === 0 ? <p className="wz-empty">Nobody yet. Diners add themselves when they open the link.</p> : null}
        {readOnly || bill.diners.length >= MAX_DINERS ? null : <AddWithoutPhone add={(name) => send({ type: 'addDiner', name })} />}
      </section>
      {removing !== null ? (
        <RemoveDinerDialog
          name={removing.name}
          items={claimedItems(bill, removing.id)}
          onTheirPhone={removing.joined && removing.id !== here}
          onRemove={() => void send({ type: 'removeDiner', dinerId: removing.id })}
          onClose={() => setRemoving(null)}
        />
      ) : null}
      <LiveTotals bill={bill} viewer={{ kind: 'organiser' }} />
      <section className="card" aria-labelledby="live-items-title">
        <h2 id="live-items-title">Who had what</h2>
        <LiveItems
          bill={bill}
          viewer={{ kind: 'organiser' }}
          readOnly={readOnly}
          onClaim={(itemId, unit, dinerId, claimed) => connection.queue(link.organiserKey, { type: 'claim', itemId, unit, dinerId, claimed })}
          onEdit={setEditing}
        />
      </section>
      <Problem message={problem} />
      <div className="wz-actions wz-end">
        {bill.status !== 'finished' ? (
          <button
            type="button"
            className="button secondary"
            aria-pressed={bill.status === 'locked'}
            disabled={readOnly && bill.status !== 'locked'}
            onClick={() => void send({ type: 'setStatus', status: bill.status === 'locked' ? 'open' : 'locked' })}
          >
            {bill.status === 'locked' ? 'Unlock the bill' : 'Lock the bill'}
          </button>
        ) : null}
        <button type="button" className="button primary" disabled={bill.diners.length === 0} aria-describedby={bill.diners.length === 0 ? 'live-finish-why' : undefined} onClick={() => void finish()}>
          Finish and see the summary
        </button>
      </div>
      {bill.diners.length === 0 ? (
        <p id="live-finish-why" className="wz-note">
          To finish, someone needs to be at the table: add them above, or wait for them to join.
        </p>
      ) : null}
      <EditItemDialog key={editing?.id ?? 'closed'} currency={bill.currency} item={editing} onClose={() => setEditing(null)} onSave={(change) => send({ type: 'editItem', ...change })} />
    </>
  );
}

/**
 * After Finish the organiser is on the summary: a diner back on another phone (to see their share and
 * pay) still asks for their seat, and is let in here. Nothing shows while nobody asks.
 */
export function LiveSeatAsks({ link }: { readonly link: LiveLink }) {
  const connection = useMemo(() => connectLive(link.billId, link.organiserKey), [link.billId, link.organiserKey]);
  useEffect(() => () => connection.close(), [connection]);
  const bill = shownBill(useStore(connection.$state));
  const asking = bill?.diners.filter((d) => d.asking !== undefined) ?? [];
  if (asking.length === 0) return null;
  return (
    <section className="card" aria-label="Asking to rejoin">
      {asking.map((d) => (
        <SeatAsk key={d.id} diner={d} askId={d.asking!} answer={(letIn) => connection.sendNow(link.organiserKey, { type: 'answerSeat', dinerId: d.id, askId: d.asking!, letIn })} />
      ))}
    </section>
  );
}

/**
 * A diner back on another phone (a new phone, another browser) asks for their seat: one tap lets
 * that phone in, and the phone that held the seat is told it has moved.
 */
function SeatAsk({ diner, askId, answer }: { readonly diner: LiveDiner; readonly askId: string; readonly answer: (letIn: boolean) => Promise<SentNow> }) {
  const [busy, setBusy] = useState(false);
  const run = async (letIn: boolean) => {
    setBusy(true);
    await answer(letIn);
    setBusy(false);
  };
  return (
    <div className="wz-panel wz-info lv-seat-ask" role="status" data-ask={askId}>
      <p>{seatAskText(diner.name)}</p>
      <div className="wz-actions">
        <button type="button" className="button primary" disabled={busy} onClick={() => void run(true)}>
          Let in <span className="wz-visually-hidden">{diner.name}</span>
        </button>
        <button type="button" className="button ghost" disabled={busy} onClick={() => void run(false)}>
          Not now
        </button>
      </div>
    </div>
  );
}

/** Someone at the table without a phone: the organiser adds them and ticks their items for them. */
function AddWithoutPhone({ add }: { readonly add: (name: string) => Promise<SentNow> }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const answer = await add(name);
    setBusy(false);
    if (answer.ok) setName('');
  };
  return (
    <form
      className="wz-inline-form lv-add-self"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="live-add-diner">Someone without a phone? Add them and tick what they had</label>
      <input id="live-add-diner" className="wz-input" value={name} autoComplete="off" aria-describedby="live-add-diner-hint" onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="button secondary" disabled={busy || name.trim() === ''}>
        Add
      </button>
      <p id="live-add-diner-hint" className="wz-note wz-form-hint">
        Up to {MAX_DINER_NAME_LENGTH} characters, each name once
      </p>
    </form>
  );
}

/** The items a diner has claimed a unit of, each named once. */
function claimedItems(bill: LiveBill, dinerId: string): string[] {
  const ids = new Set(bill.claims.filter((c) => c.dinerId === dinerId).map((c) => c.itemId));
  return bill.items.filter((i) => ids.has(i.id)).map((i) => i.name);
}

function TableLink({ link }: { readonly link: LiveLink }) {
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    qrDataUrl(link.url).then(setQr, (e: unknown) => console.error('QR generation failed', e));
  }, [link.url]);
  return (
    <section className="card lv-qr" aria-labelledby="live-title">
      <h2 id="live-title">Open to the table</h2>
      <p>Everyone scans this code and taps what they had on their own phone.</p>
      {qr ? <img src={qr} width={240} height={240} alt="QR code that opens this bill on a phone" /> : null}
      <p className="lv-link">
        <a href={link.url} target="_blank" rel="noreferrer">
          {link.url}
        </a>
      </p>
      <button
        type="button"
        className="button secondary"
        onClick={() =>
          navigator.clipboard.writeText(link.url).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Link copied' : 'Copy link'}
      </button>
    </section>
  );
}

type ItemChange = { itemId: string; name: string; pricePence: number; units: number };

function EditItemDialog({ item, currency, onClose, onSave }: { item: LiveItem | null; currency: CurrencyCode; onClose: () => void; onSave: (change: ItemChange) => Promise<SentNow> }) {
  const [name, setName] = useState(item?.name ?? '');
  const [price, setPrice] = useState(item === null ? '' : minorToMajorText(item.pricePence, currency));
  const [units, setUnits] = useState(String(item?.units ?? 1));
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    if (item === null) return;
    const answer = await onSave({ itemId: item.id, name, pricePence: typedLinePrice(price, currency), units: Number(units) });
    if (!answer.ok) setProblem(answer.error);
    else onClose();
  };
  return (
    <Dialog open={item !== null} title="Edit item" onClose={onClose}>
      <form
        className="wz-manual-rows"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="wz-field">
          Name
          <input className="wz-input" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <div className="wz-field">
          <label htmlFor="live-edit-price">Price</label>
          <MoneyInput currency={currency} id="live-edit-price" value={price} onValueChange={setPrice} />
        </div>
        <label className="wz-field">
          Units (claimed one by one)
          <input className="wz-input" type="number" min={1} max={20} value={units} onChange={(e) => setUnits(e.target.value)} />
        </label>
        <Problem message={problem} />
        <div className="wz-actions">
          <button type="submit" className="button primary">
            Save
          </button>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
