import { useStore } from '../use-store';
import { useEffect, useMemo, useState } from 'react';
import { MAX_DINER_NAME_LENGTH, MAX_DINERS, MAX_DINERS_MESSAGE } from '../../../domain/diners';
import type { LiveBill, PayLink } from '../../../domain/live-bill/live-bill';
import { seatMovedText } from '../../../domain/live-bill/messages';
import type { CurrencyCode } from '../../../domain/currency';
import { inBothCurrencies, rateText, type PayBackRate } from '../../../domain/paying-back/pay-back-rate';
import { Card } from '../ui/Card';
import { connectLive, shownBill, type LiveConnection } from './live-connection';
import { isReadOnly, LiveBanners } from './LiveBanners';
import { LiveItems } from './LiveItems';
import { LiveTotals } from './LiveTotals';
import '../../styles/app.css';
import './live.css';
import { Problem } from '../ui/Problem';

interface Identity {
  readonly dinerId: string;
  readonly dinerKey: string;
  /** The ask this phone was let into the seat by; absent on the phone that joined first. */
  readonly seat?: string | undefined;
}

/** This phone's ask for a seat held on another phone, waiting for the organiser: the key is the seat's once let in. */
interface SeatAsk {
  readonly dinerId: string;
  readonly askId: string;
  readonly dinerKey: string;
}

/** A seat this phone held and no longer does: taken off the bill, or let into another phone. */
interface LostSeat {
  readonly dinerId: string;
  readonly seat: string | undefined;
}

const identityKey = (billId: string) => `whos-paying:live:${billId}`;
const askKey = (billId: string) => `whos-paying:live-ask:${billId}`;

function readStored<T>(key: string, valid: (value: Partial<T>) => boolean): T | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<T> | null;
    return stored !== null && typeof stored === 'object' && valid(stored) ? (stored as T) : null;
  } catch {
    return null;
  }
}

function readIdentity(billId: string): Identity | null {
  return readStored<Identity>(identityKey(billId), (i) => typeof i.dinerId === 'string' && typeof i.dinerKey === 'string' && (i.seat === undefined || typeof i.seat === 'string'));
}

function readAsk(billId: string): SeatAsk | null {
  return readStored<SeatAsk>(askKey(billId), (a) => typeof a.dinerId === 'string' && typeof a.askId === 'string' && typeof a.dinerKey === 'string');
}

/**
 * A diner's phone at /live/{billId}#{tableKey}: pick your name or add yourself, then tap what you
 * had. The table key (in the link's fragment, never sent in a page request) lets the phone watch
 * and join; joining gives this phone its own key, kept here, which changes only this diner's claims
 * and from then on watches the bill as this diner: after Finish it brings their own pay-back link.
 */
export default function DinerLiveApp({ billId }: { readonly billId: string }) {
  const tableKey = useMemo(() => (typeof location === 'undefined' ? '' : decodeURIComponent(location.hash.slice(1))), []);
  const [identity, setIdentity] = useState<Identity | null>(() => readIdentity(billId));
  // Taken off the bill by the organiser, or the seat let into another phone: said on this phone until it joins again, rather than dropping to "Who are you?" without a word.
  const [lost, setLost] = useState<LostSeat | null>(null);
  // This phone's ask for a seat held on another phone, until the organiser answers it; why not, if they did not let it in.
  const [ask, setAsk] = useState<SeatAsk | null>(() => readAsk(billId));
  const [askProblem, setAskProblem] = useState<string | null>(null);
  const watchKey = identity?.dinerKey ?? tableKey;
  const [connection] = useState<LiveConnection | null>(() => (tableKey === '' ? null : connectLive(billId, watchKey)));
  useEffect(() => () => connection?.close(), [connection]);
  useEffect(() => connection?.watchAs(watchKey), [connection, watchKey]);

  if (tableKey === '') return <Notice text="This link is incomplete. Ask the organiser to show the QR code again." />;
  if (connection === null) return <Notice text="Loading the bill…" />;
  return (
    <DinerScreen
      billId={billId}
      tableKey={tableKey}
      connection={connection}
      identity={identity}
      lost={lost}
      ask={ask}
      askProblem={askProblem}
      onAsk={(next, problem) => {
        if (next === null) localStorage.removeItem(askKey(billId));
        else localStorage.setItem(askKey(billId), JSON.stringify(next));
        setAsk(next);
        setAskProblem(problem);
      }}
      onIdentity={(next) => {
        setLost(next === null && identity !== null ? { dinerId: identity.dinerId, seat: identity.seat } : null);
        setIdentity(next);
      }}
    />
  );
}

function DinerScreen(props: {
  billId: string;
  tableKey: string;
  connection: LiveConnection;
  identity: Identity | null;
  lost: LostSeat | null;
  ask: SeatAsk | null;
  askProblem: string | null;
  onAsk: (ask: SeatAsk | null, problem: string | null) => void;
  onIdentity: (i: Identity | null) => void;
}) {
  const { billId, tableKey, connection, identity, lost, ask, askProblem, onAsk, onIdentity } = props;
  const state = useStore(connection.$state);
  const bill = shownBill(state);
  const seated = identity === null || bill === null ? undefined : bill.diners.find((d) => d.id === identity.dinerId);
  // The seat is gone from this phone: taken off the bill, or let into another phone (seen in the bill), or
  // (if it happened while this phone was away) a key the bill no longer knows.
  const seatGone = identity !== null && ((bill !== null && (seated === undefined || seated.seat !== identity.seat)) || state.refused?.code === 'not_found');

  useEffect(() => {
    if (!seatGone) return;
    localStorage.removeItem(identityKey(billId));
    onIdentity(null);
  }, [seatGone, billId, onIdentity]);

  // This phone's ask, answered: let in (the seat is now this phone's, with the key it was given), or not.
  const asked = ask === null || bill === null ? undefined : bill.diners.find((d) => d.id === ask.dinerId);
  const answered = ask !== null && bill !== null && (asked === undefined || asked.seat === ask.askId || asked.asking !== ask.askId);
  useEffect(() => {
    if (!answered || ask === null) return;
    const letIn = asked?.seat === ask.askId;
    onAsk(null, letIn || asked === undefined ? null : `The organiser has not let this phone in as ${asked.name}.`);
    if (!letIn) return;
    const next: Identity = { dinerId: ask.dinerId, dinerKey: ask.dinerKey, seat: ask.askId };
    localStorage.setItem(identityKey(billId), JSON.stringify(next));
    onIdentity(next);
  }, [answered, ask, asked, billId, onAsk, onIdentity]);

  if (state.refused !== null && bill === null) return <Notice text={state.refused.message} />;
  if (bill === null) return <Notice text="Loading the bill…" />;
  const me = seatGone ? undefined : seated;
  const readOnly = isReadOnly(bill);
  const lostDiner = lost === null ? undefined : bill.diners.find((d) => d.id === lost.dinerId);
  const lostText = lost === null ? null : lostDiner !== undefined && lostDiner.seat !== lost.seat ? seatMovedText(lostDiner.name) : REMOVED_MESSAGE;

  return (
    <>
      {me?.payLink !== undefined ? <PayCard link={me.payLink} payTo={bill.payTo} currency={bill.currency} payBack={bill.payBack ?? null} /> : null}
      <LiveBanners state={state} bill={bill} connection={connection} />
      {lostText !== null && identity === null ? (
        <p className="card wz-panel wz-warning" role="alert">
          {lostText}
        </p>
      ) : null}
      {identity === null || me === undefined ? (
        ask !== null && asked !== undefined ? (
          <section className="card" aria-labelledby="live-ask-title">
            <h2 id="live-ask-title">Waiting for the organiser</h2>
            <p role="status">You have asked to rejoin as {asked.name} on this phone. This page follows as soon as the organiser lets you in.</p>
          </section>
        ) : (
          <JoinCard
            bill={bill}
            readOnly={readOnly}
            problem={askProblem}
            join={async (command) => {
              onAsk(null, null);
              const answer = await connection.sendNow(tableKey, command);
              if (answer.ok && answer.joined) {
                localStorage.setItem(identityKey(billId), JSON.stringify(answer.joined));
                onIdentity(answer.joined);
                return null;
              }
              if (answer.ok && answer.asked) {
                onAsk(answer.asked, null);
                return null;
              }
              return answer.ok ? 'Could not join the bill' : answer.error;
            }}
          />
        )
      ) : (
        <>
          {/* Once the link is here, the card above says what to pay (the organiser may have changed the tip since). */}
          {me.payLink === undefined ? <LiveTotals bill={bill} viewer={{ kind: 'diner', dinerId: me.id }} /> : null}
          <section className="card" aria-labelledby="live-items-title">
            <h2 id="live-items-title">What did you have, {me.name}?</h2>
            {readOnly ? null : <p className="wz-note">Tap everything you had. Shared something? Everyone who taps it splits it.</p>}
            <LiveItems
              bill={bill}
              viewer={{ kind: 'diner', dinerId: me.id }}
              readOnly={readOnly}
              onClaim={(itemId, unit, dinerId, claimed) => connection.queue(identity.dinerKey, { type: 'claim', itemId, unit, dinerId, claimed })}
            />
          </section>
        </>
      )}
    </>
  );
}

/**
 * After Finish, once the organiser has sent everyone their share: what this diner pays and their own
 * pay-back page, where the one-tap Monzo, PayPal and Revolut links are.
 */
function PayCard({ link, payTo, currency, payBack }: { readonly link: PayLink; readonly payTo: string | undefined; readonly currency: CurrencyCode; readonly payBack: PayBackRate | null }) {
  return (
    <Card className="lv-pay" aria-labelledby="live-pay-title">
      <h2 id="live-pay-title">Your share</h2>
      <p className="lv-pay-amount">{inBothCurrencies(link.pence, currency, payBack, link.converted)}</p>
      {payBack !== null ? <p className="wz-note">{`Paid back in ${payBack.currency} at ${rateText(currency, payBack)}`}</p> : null}
      <p>
        {payTo === undefined ? 'The organiser' : payTo} has sent everyone their share. Your page has what you had and one-tap ways to pay{payTo === undefined ? '' : ` ${payTo}`}.
      </p>
      <a className="button primary block" href={link.path}>
        {payTo === undefined ? 'See how to pay' : `Pay ${payTo}`}
      </a>
    </Card>
  );
}

const REMOVED_MESSAGE = 'The organiser has taken you off this bill, with the items you had ticked. Pick your name or add yourself to join again.';

type JoinCommand = { type: 'join'; dinerId: string } | { type: 'addDiner'; name: string } | { type: 'askSeat'; dinerId: string };

function JoinCard({ bill, readOnly, problem: given, join }: { bill: LiveBill; readOnly: boolean; problem: string | null; join: (command: JoinCommand) => Promise<string | null> }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A seat someone has joined, tapped: is this the same person on another phone?
  const [rejoining, setRejoining] = useState<LiveBill['diners'][number] | null>(null);
  const run = async (command: JoinCommand) => {
    setBusy(true);
    setProblem(await join(command));
    setBusy(false);
  };
  const full = bill.diners.length >= MAX_DINERS;
  return (
    <section className="card" aria-labelledby="live-join-title">
      <h2 id="live-join-title">Who are you?</h2>
      <div className="wz-toggles">
        {bill.diners.map((d) => (
          <button
            key={d.id}
            type="button"
            className="button secondary"
            aria-expanded={d.joined ? rejoining?.id === d.id : undefined}
            // A joined seat can be asked for before Finish or after it (to see what to pay); the server says when the bill has expired.
            disabled={busy || (!d.joined && readOnly)}
            onClick={() => (d.joined ? setRejoining(d) : void run({ type: 'join', dinerId: d.id }))}
          >
            {d.name}
            {d.joined ? <span className="wz-note"> (joined)</span> : null}
          </button>
        ))}
      </div>
      {rejoining !== null ? (
        <div className="wz-panel wz-info lv-rejoin">
          <p>
            {rejoining.name} has joined on another phone. Is this you, on a new phone? Once the organiser lets this phone in, the other one stops being {rejoining.name}.
          </p>
          <div className="wz-actions">
            <button type="button" className="button primary" disabled={busy} onClick={() => void run({ type: 'askSeat', dinerId: rejoining.id })}>
              Ask to rejoin as {rejoining.name}
            </button>
            <button type="button" className="button ghost" onClick={() => setRejoining(null)}>
              Not me
            </button>
          </div>
        </div>
      ) : null}
      {full ? (
        <p className="wz-panel wz-warning">{MAX_DINERS_MESSAGE}</p>
      ) : (
        <form
          className="wz-inline-form lv-add-self"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() !== '') void run({ type: 'addDiner', name });
          }}
        >
          <label htmlFor="live-name">Not on the list? Add yourself</label>
          <input id="live-name" className="wz-input" value={name} autoComplete="given-name" aria-describedby="live-name-hint" onChange={(e) => setName(e.target.value)} disabled={readOnly} />
          <button type="submit" className="button primary" disabled={readOnly || busy || name.trim() === ''}>
            Add me
          </button>
          <p id="live-name-hint" className="wz-note wz-form-hint">
            Up to {MAX_DINER_NAME_LENGTH} characters; a name not already on the list
          </p>
        </form>
      )}
      <Problem message={problem ?? given} />
    </section>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <p className="card" role="status">
      {text}
    </p>
  );
}
