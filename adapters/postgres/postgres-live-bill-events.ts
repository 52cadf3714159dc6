import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { LiveBill } from '../../domain/live-bill/live-bill';
import { liveBillFromJson } from '../../domain/live-bill/wire';
import type { LiveBillEvents, LiveBillStore, Unsubscribe } from '../../ports/live-bills';
import { TOKENS } from '../../ports/tokens';
import type { Database } from './database';
import { notificationSourceOf } from './notifications';
import { LIVE_BILLS_CHANNEL, type LiveBillNotice } from './postgres-live-bills';

type Listener = (bill: LiveBill) => void;

/**
 * Hears every process's changes on one LISTEN connection and hands each committed version to this
 * process's subscribers of that bill. Memory holds only who is listening and the last version
 * handed out (so an older version read late never replaces a newer one); the bill is in Postgres.
 */
@injectable()
export class PostgresLiveBillEvents implements LiveBillEvents {
  private readonly listeners = new Map<string, { readonly each: Set<Listener>; delivered: number }>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    @inject(TOKENS.Database) private readonly db: Kysely<Database>,
    @inject(TOKENS.LiveBillStore) private readonly store: LiveBillStore,
  ) {}

  async subscribe(billId: string, onChange: Listener): Promise<Unsubscribe> {
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
    const entry = this.listeners.get(billId) ?? { each: new Set<Listener>(), delivered: -1 };
    entry.each.add(onChange);
    this.listeners.set(billId, entry);
    return () => {
      entry.each.delete(onChange);
      if (entry.each.size === 0 && this.listeners.get(billId) === entry) this.listeners.delete(billId);
    };
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
    const entry = this.listeners.get(notice.b);
    if (entry === undefined || notice.v <= entry.delivered) return;
    const bill = notice.s === undefined ? null : liveBillFromJson(notice.s);
    if (bill !== null) this.deliver(bill);
    else void this.reload(notice.b);
  }

  /** After a dropped LISTEN connection: read every watched bill again, since its notices are lost. */
  private resync(): void {
    for (const billId of this.listeners.keys()) void this.reload(billId);
  }

  private async reload(billId: string): Promise<void> {
    const bill = await this.store.find(billId).catch(() => null);
    if (bill !== null) this.deliver(bill);
  }

  private deliver(bill: LiveBill): void {
    const entry = this.listeners.get(bill.id);
    if (entry === undefined || bill.version <= entry.delivered) return;
    entry.delivered = bill.version;
    for (const listener of entry.each) listener(bill);
  }
}
