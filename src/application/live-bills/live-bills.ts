import { billIdOf, liveKeyOf } from '../../../domain/bill-ids';
import { decideLive, settlementOf, visibleTo, type LiveActor, type LiveBill, type LiveCommand, type LiveProblem, type LiveRequest, type HandOut } from '../../../domain/live-bill/live-bill';
import { newLiveBill, type LiveOpening, type NewLiveBillProblem } from '../../../domain/live-bill/new-live-bill';
import { err, ok, type Result } from '../../../domain/result';
import { shortId } from '../../../domain/paying-back/stored-bill';
import { capabilityKey } from '../../../domain/capability-key';
import type { Bill } from '../../../domain/bill';
import { payBackPathParts } from '../../../domain/paying-back/pay-back-links';
import type { StoredBills } from '../../../ports/stored-bills';
import type { Clock } from '../../../ports/clock';
import type { LiveBillEvents, LiveBillStore, OnLiveChange } from '../../../ports/live-bills';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import { BoundedQueue } from '../scanning/bounded-queue';

export interface LiveLimits {
  /** Claims a diner (or the organiser) may make per minute, counted in this process. */
  readonly claimsPerMinute: number;
  /** Changes this process makes at once (each holds a database connection), and changes that may wait for their turn. */
  readonly changesAtOnce: number;
  readonly changesWaiting: number;
  /** Open event streams per bill and per client address, in this process. */
  readonly connectionsPerBill: number;
  readonly connectionsPerAddress: number;
}

// A table of 8 and the organiser, each with a tab or two; a household behind one address at several tables.
// Changes wait in memory for one of a few connections rather than on the pool, whose wait ends in a
// 503 (the composition root gives them half the configured pool).
export const DEFAULT_LIVE_LIMITS: LiveLimits = { claimsPerMinute: 60, changesAtOnce: 8, changesWaiting: 2000, connectionsPerBill: 24, connectionsPerAddress: 48 };
// One bill's table (8 phones, a few taps each) may queue this many changes; more means a runaway client.
const CHANGES_WAITING_PER_BILL = 64;
const BUSY_RETRY_SECONDS = 1;

const OPENS_PER_CLIENT: RateLimit = { max: 30, windowSeconds: 3600 };
const JOINS_PER_CLIENT: RateLimit = { max: 60, windowSeconds: 600 };
const KEEP_EXPIRED_MS = 7 * 24 * 60 * 60 * 1000;

/** Why not; `retryAfterSeconds` comes with 'rate_limited'. */
export type OpenRefusal = { readonly code: NewLiveBillProblem | 'rate_limited'; readonly retryAfterSeconds?: number };
export type CommandRefusal = { readonly code: LiveProblem | 'rate_limited' | 'busy'; readonly retryAfterSeconds?: number };
export type WatchRefusal = { readonly code: 'not_found' | 'too_many_connections' };

export interface OpenedLiveBill {
  readonly bill: LiveBill;
  /** Kept on the organiser's device only: edits, moves, removes, locks and finishes. */
  readonly organiserKey: string;
  /** Travels in the table's link and QR code: lets a phone see the bill and join it. */
  readonly tableKey: string;
}

export interface CommandOutcome {
  /** The bill after the change, as the actor may see it (visibleTo). */
  readonly bill: LiveBill;
  /** After joining: the diner this phone now is, and its capability (kept on that phone). */
  readonly joined?: { readonly dinerId: string; readonly dinerKey: string };
  /** After asking for a seat: the ask, and the capability the seat takes if the organiser lets this phone in. */
  readonly asked?: { readonly dinerId: string; readonly askId: string; readonly dinerKey: string };
}

export interface LiveWatch {
  readonly actor: LiveActor;
  /** The bill as it stands once changes are being watched (nothing committed after it is missed), as the actor may see it. */
  readonly bill: LiveBill;
  close(): void;
}

/** Opening a bill to the table, changing it with a capability, and watching it change. */
export class LiveBills {
  private readonly open = new Map<string, number>();
  private readonly changes: BoundedQueue;

  /**
   * `limiter` counts opens and joins across every process (per client address); `claimLimiter`
   * counts claims in this process only, so a claim costs no database round trip of its own.
   */
  constructor(
    private readonly store: LiveBillStore,
    private readonly events: LiveBillEvents,
    private readonly limiter: RateLimiter,
    private readonly claimLimiter: RateLimiter,
    private readonly clock: Clock,
    private readonly secrets: Secrets,
    private readonly storedBills: StoredBills,
    private readonly limits: LiveLimits = DEFAULT_LIVE_LIMITS,
  ) {
    this.changes = new BoundedQueue(limits.changesAtOnce, limits.changesWaiting, CHANGES_WAITING_PER_BILL);
  }

  async openToTable(bill: Bill, opening: LiveOpening, clientKey: string): Promise<Result<OpenedLiveBill, OpenRefusal>> {
    const now = this.clock.now();
    const made = newLiveBill(bill, opening, shortId(this.secrets.randomBytes(14), 14), now);
    if (!made.ok) return err({ code: made.error });
    const decision = await this.limiter.hit(`live:open:${clientKey}`, OPENS_PER_CLIENT);
    if (!decision.allowed) return err({ code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds });
    const organiserKey = capabilityKey(this.secrets.randomBytes(16));
    const tableKey = capabilityKey(this.secrets.randomBytes(16));
    await this.store.deleteExpired(new Date(now.getTime() - KEEP_EXPIRED_MS));
    await this.store.create(made.value, { organiserKeyHash: this.secrets.hash(organiserKey), tableKeyHash: this.secrets.hash(tableKey) });
    return ok({ bill: made.value, organiserKey, tableKey });
  }

  /** Whether a bill is there to be opened (its page is a 404 otherwise); expired bills stay, read-only, for a week. */
  async exists(billId: string): Promise<boolean> {
    return billIdOf(billId) !== null && (await this.store.find(billId)) !== null;
  }

  async command(billId: string, key: string, request: LiveRequest, clientKey: string): Promise<Result<CommandOutcome, CommandRefusal>> {
    if (billIdOf(billId) === null) return err({ code: 'not_found' });
    if (liveKeyOf(key) === null) return err({ code: 'forbidden' });
    const keyHash = this.secrets.hash(key);
    const limited = await this.limit(billId, keyHash, request, clientKey);
    if (limited !== null) return err(limited);
    const place = this.changes.admit(billId);
    if (place === null) return err({ code: 'busy', retryAfterSeconds: BUSY_RETRY_SECONDS });
    return place.run(() => this.change(billId, keyHash, request));
  }

  private async change(billId: string, keyHash: string, request: LiveRequest): Promise<Result<CommandOutcome, CommandRefusal>> {
    // Only the organiser's hand-out is checked against the stored bill; anyone else's is refused as it is.
    let settled: NonNullable<HandOut['settled']> | null = null;
    if (request.type === 'handOut' && (await this.store.actorFor(billId, keyHash))?.actor.kind === 'organiser') {
      const checked = await this.handOutChecked(request);
      if (!checked.ok) return err({ code: checked.error });
      settled = checked.value;
    }
    const command: LiveCommand =
      request.type === 'addDiner'
        ? { ...request, dinerId: shortId(this.secrets.randomBytes(10), 10) }
        : request.type === 'askSeat'
          ? { ...request, askId: shortId(this.secrets.randomBytes(8), 8) }
          : request.type === 'handOut' && settled !== null
            ? { ...request, settled }
            : request;
    // Joining, or asking for a joined seat: the key this phone will hold it with (asking, it waits for the organiser).
    const joining = command.type === 'join' || command.type === 'addDiner' || command.type === 'askSeat';
    const dinerKey = joining ? capabilityKey(this.secrets.randomBytes(16)) : null;
    const now = this.clock.now();
    // Who the key belongs to is found in the change's own transaction; the answer is that actor's view.
    let actor = null as LiveActor | null;
    const decide = (bill: LiveBill, who: LiveActor) => {
      actor = who;
      return decideLive(bill, who, command, now);
    };
    const changed = await this.store.change(billId, keyHash, decide, dinerKey === null ? undefined : this.secrets.hash(dinerKey));
    if (!changed.ok) return err({ code: changed.error });
    const joinedAs = command.type === 'join' || command.type === 'addDiner' ? command.dinerId : null;
    const joinedNow = dinerKey !== null && joinedAs !== null && changed.value.diners.some((d) => d.id === joinedAs && d.joined);
    // A phone that has just joined is that diner from now on.
    const viewer: LiveActor = joinedNow ? { kind: 'diner', dinerId: joinedAs } : (actor ?? { kind: 'table' });
    const asked = command.type === 'askSeat' && dinerKey !== null ? { asked: { dinerId: command.dinerId, askId: command.askId, dinerKey } } : {};
    return ok({ bill: visibleTo(changed.value, viewer), ...(joinedNow ? { joined: { dinerId: joinedAs, dinerKey } } : {}), ...asked });
  }

  /**
   * Money leaves the server only as the stored bill says: a hand-out names one stored bill, each link
   * one of its diners (by their capability), and each amount that diner's share of it, worked out here.
   * The stored bill goes out with it, so each phone's list is what its share is made of.
   */
  private async handOutChecked(handOut: Extract<LiveRequest, { type: 'handOut' }>): Promise<Result<NonNullable<HandOut['settled']> | null, LiveProblem>> {
    const parts = handOut.links.map((l) => payBackPathParts(l.path));
    if (parts.some((p) => p === null)) return err('bad_link');
    const receiptIds = new Set(parts.map((p) => p!.receiptId));
    if (receiptIds.size > 1) return err('bad_link');
    const [receiptId] = receiptIds;
    if (receiptId === undefined) return ok(null);
    const found = await this.storedBills.find(receiptId, this.clock.now());
    if (found === null) return err('no_stored_bill');
    const { bill, payBack } = found.stored;
    const { shares, atRate } = settlementOf(bill, payBack);
    // The stored bill's diner behind each link, as the live bill's diner the link goes to.
    const liveDinerOf = new Map<string, string>();
    for (const [k, link] of handOut.links.entries()) {
      const capability = parts[k]!.capability;
      const diner = await this.storedBills.dinerFor(receiptId, { capabilityHash: this.secrets.hash(capability), plainId: capability });
      if (diner === null || !diner.byCapability) return err('no_stored_bill');
      if (shares.get(diner.dinerId) !== link.pence) return err('not_its_shares');
      liveDinerOf.set(diner.dinerId, link.dinerId);
    }
    return ok({ bill, liveDiners: liveDinerOf, ...(atRate === undefined ? {} : { atRate }) });
  }

  /**
   * Starts watching a bill for whoever holds `key`: `onChange` sees every later version, as that
   * key's holder may see it (a diner's phone never sees another diner's pay-back link). Streams
   * are capped per bill and per address in this process; `close` gives the place back.
   */
  async watch(billId: string, key: string, clientKey: string, onChange: OnLiveChange): Promise<Result<LiveWatch, WatchRefusal>> {
    if (billIdOf(billId) === null || liveKeyOf(key) === null) return err({ code: 'not_found' });
    const places = [`bill:${billId}`, `address:${clientKey}`];
    const caps = [this.limits.connectionsPerBill, this.limits.connectionsPerAddress];
    if (places.some((p, i) => (this.open.get(p) ?? 0) >= caps[i]!)) return err({ code: 'too_many_connections' });
    const found = await this.store.actorFor(billId, this.secrets.hash(key));
    if (found === null) return err({ code: 'not_found' });
    for (const p of places) this.open.set(p, (this.open.get(p) ?? 0) + 1);
    let unsubscribe: (() => void) | null = null;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      unsubscribe?.();
      for (const p of places) {
        const left = (this.open.get(p) ?? 1) - 1;
        if (left === 0) this.open.delete(p);
        else this.open.set(p, left);
      }
    };
    try {
      const actor = found.actor;
      // Handed-out links are each diner's own: that change goes out as the bill each phone may see, never as itself.
      const subscription = await this.events.subscribe(billId, (bill, change) => onChange(visibleTo(bill, actor), change?.type === 'handOut' ? null : change));
      unsubscribe = subscription.unsubscribe;
      // The version known once changes are heard: one committed since the key was checked is not lost.
      const latest = subscription.latest !== null && subscription.latest.version >= found.bill.version ? subscription.latest : found.bill;
      return ok({ actor, bill: visibleTo(latest, actor), close });
    } catch (error) {
      close();
      throw error;
    }
  }

  private async limit(billId: string, keyHash: string, request: LiveRequest, clientKey: string): Promise<CommandRefusal | null> {
    const limit =
      request.type === 'claim' || request.type === 'moveClaim'
        ? { limiter: this.claimLimiter, key: `live:claims:${billId}:${keyHash.slice(0, 32)}`, rate: { max: this.limits.claimsPerMinute, windowSeconds: 60 } }
        : request.type === 'join' || request.type === 'addDiner' || request.type === 'askSeat'
          ? { limiter: this.limiter, key: `live:joins:${clientKey}`, rate: JOINS_PER_CLIENT }
          : null;
    if (limit === null) return null;
    const decision = await limit.limiter.hit(limit.key, limit.rate);
    return decision.allowed ? null : { code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
  }
}
