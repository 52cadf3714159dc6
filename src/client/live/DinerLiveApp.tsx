import { useStore } from '../use-store';
import { useEffect, useMemo, useState } from 'react';
import { MAX_DINER_NAME_LENGTH, MAX_DINERS, MAX_DINERS_MESSAGE } from '../../../domain/diners';
import type { LiveBill, PayLink } from '../../../domain/live-bill/live-bill';
import { formatMoney, type CurrencyCode } from '../../../domain/currency';
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
}

const identityKey = (billId: string) => `whos-paying:live:${billId}`;

function readIdentity(billId: string): Identity | null {
  try {
    const stored = JSON.parse(localStorage.getItem(identityKey(billId)) ?? 'null') as Identity | null;
    return stored && typeof stored.dinerId === 'string' && typeof stored.dinerKey === 'string' ? stored : null;
  } catch {
    return null;
  }
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
  // Taken off the bill by the organiser: said on this phone until it joins again, rather than dropping to "Who are you?" without a word.
  const [wasRemoved, setWasRemoved] = useState(false);
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
      wasRemoved={wasRemoved}
      onIdentity={(next) => {
        setWasRemoved(next === null && identity !== null);
        setIdentity(next);
      }}
    />
  );
}

function DinerScreen(props: { billId: string; tableKey: string; connection: LiveConnection; identity: Identity | null; wasRemoved: boolean; onIdentity: (i: Identity | null) => void }) {
  const { billId, tableKey, connection, identity, wasRemoved, onIdentity } = props;
  const state = useStore(connection.$state);
  const bill = shownBill(state);
  // Removed by the organiser: seen in the bill, or (if it happened while this phone was away) as a key the bill no longer knows.
  const removed = identity !== null && ((bill !== null && !bill.diners.some((d) => d.id === identity.dinerId)) || state.refused?.code === 'not_found');

  useEffect(() => {
    if (!removed) return;
    localStorage.removeItem(identityKey(billId));
    onIdentity(null);
  }, [removed, billId, onIdentity]);

  if (state.refused !== null && bill === null) return <Notice text={state.refused.message} />;
  if (bill === null) return <Notice text="Loading the bill…" />;
  const me = identity === null ? undefined : bill.diners.find((d) => d.id === identity.dinerId);
  const readOnly = isReadOnly(bill);

  return (
    <>
      {me?.payLink !== undefined ? <PayCard link={me.payLink} payTo={bill.payTo} currency={bill.currency} /> : null}
      <LiveBanners state={state} bill={bill} connection={connection} />
      {wasRemoved && identity === null ? (
        <p className="card wz-panel wz-warning" role="alert">
          {REMOVED_MESSAGE}
        </p>
      ) : null}
      {identity === null || me === undefined ? (
        <JoinCard
          bill={bill}
          readOnly={readOnly}
          join={async (command) => {
            const answer = await connection.sendNow(tableKey, command);
            if (answer.ok && answer.joined) {
              localStorage.setItem(identityKey(billId), JSON.stringify(answer.joined));
              onIdentity(answer.joined);
              return null;
            }
            return answer.ok ? 'Could not join the bill' : answer.error;
          }}
        />
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
function PayCard({ link, payTo, currency }: { readonly link: PayLink; readonly payTo: string | undefined; readonly currency: CurrencyCode }) {
  return (
    <Card className="lv-pay" aria-labelledby="live-pay-title">
      <h2 id="live-pay-title">Your share</h2>
      <p className="lv-pay-amount">{formatMoney(link.pence, currency)}</p>
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

type JoinCommand = { type: 'join'; dinerId: string } | { type: 'addDiner'; name: string };

function JoinCard({ bill, readOnly, join }: { bill: LiveBill; readOnly: boolean; join: (command: JoinCommand) => Promise<string | null> }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
          <button key={d.id} type="button" className="button secondary" disabled={readOnly || busy || d.joined} onClick={() => void run({ type: 'join', dinerId: d.id })}>
            {d.name}
            {d.joined ? <span className="wz-note"> (joined)</span> : null}
          </button>
        ))}
      </div>
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
      <Problem message={problem} />
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
