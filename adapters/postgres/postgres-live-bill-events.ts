import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { applyLive, type LiveBill, type LiveChange } from '../../domain/live-bill/live-bill';
import type { LiveBillEvents, LiveBillStore, LiveSubscription, OnLiveChange } from '../../ports/live-bills';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { Database } from './database';
import { notificationSourceOf } from './notifications';
import { LIVE_BILLS_CHANNEL, type LiveBillNotice } from './postgres-live-bills';

/** One watched bill in this process: who listens, the version last known, and notices heard while it is being read. */
interface Watched {
  readonly each: Set<OnLiveChange>;
  known: LiveBill | null;
  /** The read under way, if any. */
  reading: Promise<void> | null;
  held: LiveBillNotice[];
}

/**
 * Hears every process's changes on one LISTEN connection and hands each committed version to this
 * process's subscribers of that bill. A notice carries the change, not the bill: it is applied to
 * the version known here (read when the first phone subscribes), so every version is handed out,
 * once and in order. The bill is read whole again only when a version was missed (a dropped
 * connection); notices heard while it is being read wait for it. Memory holds only watched bills.
 */
@injectable()
export class PostgresLiveBillEvents implements LiveBillEvents {
  private readonly watched = new Map<string, Watched>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    @inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>,
    @inject(INJECTION_KEYS.LiveBillStore) private readonly store: LiveBillStore,
  ) {}

  async subscribe(billId: string, onChange: OnLiveChange): Promise<LiveSubscription> {
    this.listening ??= notificationSourceOf(this.db)
      .listen(
        LIVE_BILLS_CHANNEL,
        (payload) => this.heard(payload),
        () => this.resync(),
      )
      .catch((error: unknown) => {
        this.listening = null;
        throw error;
      });
    await this.listening;
    let entry = this.watched.get(billId);
    if (entry === undefined) {
      entry = { each: new Set<OnLiveChange>(), known: null, reading: null, held: [] };
      this.watched.set(billId, entry);
      // Read after LISTEN: every notice from here on follows the version read, or is held until it is.
      await this.read(billId, entry, false);
    } else if (entry.reading !== null) await entry.reading;
    const mine = entry;
    mine.each.add(onChange);
    const unsubscribe = () => {
      mine.each.delete(onChange);
      if (mine.each.size === 0 && this.watched.get(billId) === mine) this.watched.delete(billId);
    };
    return { unsubscribe, latest: mine.known };
  }

  /** Stops listening (tests and shutdown). */
  async close(): Promise<void> {
    const stop = await this.listening?.catch(() => null);
    this.listening = null;
    await stop?.();
  }

  private heard(payload: string): void {
    let notice: LiveBillNotice;
    try {
      notice = JSON.parse(payload) as LiveBillNotice;
    } catch {
      return;
    }
    const entry = this.watched.get(notice.b);
    if (entry === undefined) return;
    entry.held.push(notice);
    if (entry.reading === null) this.applyHeld(notice.b, entry);
  }

  /** After a dropped LISTEN connection: read every watched bill again, since its notices are lost. */
  private resync(): void {
    for (const [billId, entry] of this.watched) if (entry.reading === null) void this.read(billId, entry, true);
  }

  /** Applies the held notices in version order; a gap means one was missed, and the bill is read whole. */
  private applyHeld(billId: string, entry: Watched): void {
    entry.held.sort((x, y) => x.v - y.v);
    while (entry.held.length > 0) {
      const notice = entry.held[0]!;
      if (entry.known === null || notice.v > entry.known.version + 1) return void this.read(billId, entry, true);
      entry.held.shift();
      // A change too large for its notice: the bill is read whole.
      if (notice.v === entry.known.version + 1 && notice.c === undefined) return void this.read(billId, entry, true);
      if (notice.v === entry.known.version + 1 && notice.c !== undefined) this.hand(entry, applyLive(entry.known, notice.c), notice.c);
    }
  }

  /**
   * Reads the bill whole; `announce` hands it out when it is newer than the version known. A failed
   * read (the database away) waits for the next notice or reconnection to try again, never loops.
   */
  private read(billId: string, entry: Watched, announce: boolean): Promise<void> {
    entry.reading = this.store
      .find(billId)
      .catch(() => null)
      .then((bill) => {
        entry.reading = null;
        if (bill === null) return;
        if (entry.known === null || bill.version > entry.known.version) {
          if (announce) this.hand(entry, bill, null);
          else entry.known = bill;
        }
        this.applyHeld(billId, entry);
      });
    return entry.reading;
  }

  private hand(entry: Watched, bill: LiveBill, change: LiveChange | null): void {
    entry.known = bill;
    for (const listener of entry.each) listener(bill, change);
  }
}
