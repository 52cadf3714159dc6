import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { applyLive, type LiveBill, type LiveChange } from '../../domain/live-bill/live-bill';
import type { LiveBillEvents, LiveBillStore, OnLiveChange, Unsubscribe } from '../../ports/live-bills';
import { TOKENS } from '../../ports/tokens';
import type { Database } from './database';
import { notificationSourceOf } from './notifications';
import { LIVE_BILLS_CHANNEL, type LiveBillNotice } from './postgres-live-bills';

/**
 * Hears every process's changes on one LISTEN connection and hands each committed version to this
 * process's subscribers of that bill. A notice carries the change, not the bill: it is applied to
 * the last version handed out, and the bill is read whole from Postgres only when there is none yet
 * or a version was missed. Memory holds only the bills someone in this process is watching.
 */
@injectable()
export class PostgresLiveBillEvents implements LiveBillEvents {
  private readonly listeners = new Map<string, { readonly each: Set<OnLiveChange>; delivered: LiveBill | null }>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    @inject(TOKENS.Database) private readonly db: Kysely<Database>,
    @inject(TOKENS.LiveBillStore) private readonly store: LiveBillStore,
  ) {}

  async subscribe(billId: string, onChange: OnLiveChange): Promise<Unsubscribe> {
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
    const entry = this.listeners.get(billId) ?? { each: new Set<OnLiveChange>(), delivered: null };
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
    if (entry === undefined || (entry.delivered !== null && notice.v <= entry.delivered.version)) return;
    if (entry.delivered !== null && notice.v === entry.delivered.version + 1) this.deliver(applyLive(entry.delivered, notice.c), notice.c);
    else void this.reload(notice.b);
  }

  /** After a dropped LISTEN connection: read every watched bill again, since its notices are lost. */
  private resync(): void {
    for (const billId of this.listeners.keys()) void this.reload(billId);
  }

  private async reload(billId: string): Promise<void> {
    const bill = await this.store.find(billId).catch(() => null);
    if (bill !== null) this.deliver(bill, null);
  }

  private deliver(bill: LiveBill, change: LiveChange | null): void {
    const entry = this.listeners.get(bill.id);
    if (entry === undefined || (entry.delivered !== null && bill.version <= entry.delivered.version)) return;
    // A change counts only as the step from the version handed out just before.
    const step = change !== null && entry.delivered !== null && bill.version === entry.delivered.version + 1 ? change : null;
    entry.delivered = bill;
    for (const listener of entry.each) listener(bill, step);
  }
}
