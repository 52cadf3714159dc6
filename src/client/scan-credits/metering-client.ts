import type { WritableAtom } from 'nanostores';
import type { z } from 'zod/mini';
import { canUse, type UsageSummary } from '../../../domain/scan-credits/freemium';
import { reportPurchase, tokenBalance, usage } from '../../contracts/scan-credits';
import { callEndpointWith } from '../call-endpoint';
import { anonymousIdentity, type AnonymousIdentity } from './anonymous-identity';
import { $metering, newMeteringStore, type MeteringState } from './metering-store';

// The browser's copy of the free allowance and token balance is a cache of the server's, with
// the specification's 60-second balance cache and 60-second pause after a 401.
export const CACHE_MS = 60_000;
export const PAUSE_AFTER_401_MS = 60_000;
export const LOCAL_PURCHASES_KEY = 'whos-paying.token-purchases';

/** Token purchase record, as reported by the browser after paying. */
export type PurchaseReport = Omit<z.input<typeof reportPurchase.request>, 'anonymousUserId'>;

interface LocalPurchase extends PurchaseReport {
  readonly anonymousUserId: string;
  readonly localId: string;
  readonly createdAt: string;
}

export interface MeteringEnvironment {
  readonly fetch: typeof fetch;
  readonly identity: AnonymousIdentity;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  readonly nowMs: () => number;
}

/** Usage and balance calls with their cache and fallbacks, feeding one nanostores map. */
export class MeteringClient {
  private usageFetchedAt = -Infinity;
  private balance: { value: number; at: number } | null = null;
  private pausedUntil = -Infinity;

  constructor(
    private readonly env: MeteringEnvironment,
    readonly $state: WritableAtom<MeteringState> = newMeteringStore(),
  ) {}

  /** The freemium data from GET /api/usage, at most once a minute unless forced. */
  async loadUsage(options: { force?: boolean } = {}): Promise<UsageSummary | null> {
    const now = this.env.nowMs();
    const cached = this.$state.get().usage;
    if (cached && !options.force && now - this.usageFetchedAt < CACHE_MS) return cached;
    if (now < this.pausedUntil) return cached;
    const { id } = await this.env.identity.current();
    this.change({ anonymousUserId: id, ...(cached ? {} : { status: 'loading' }) });
    const answer = await callEndpointWith({ fetch: this.send, headers: { 'x-anonymous-id': id } }, usage, []);
    if (!answer.ok) {
      this.change({ status: cached ? 'ready' : 'error' });
      return cached;
    }
    this.usageFetchedAt = this.env.nowMs();
    this.balance = { value: answer.value.tokens, at: this.usageFetchedAt };
    this.$state.set({ status: 'ready', usage: answer.value, anonymousUserId: id });
    return answer.value;
  }

  /**
   * get-token-balance: cached for 60 s; a 401 pauses server balance calls for 60 s; on
   * a 401 or any failure the balance is summed from locally stored completed purchases.
   */
  async tokenBalance(options: { force?: boolean } = {}): Promise<number> {
    const now = this.env.nowMs();
    if (this.balance && !options.force && now - this.balance.at < CACHE_MS) return this.balance.value;
    const { id } = await this.env.identity.current();
    if (now < this.pausedUntil) return this.localPurchaseTokens(id);
    const answer = await callEndpointWith({ fetch: this.send }, tokenBalance, [], { anonymousUserId: id });
    if (!answer.ok) return this.localPurchaseTokens(id);
    const value = answer.value.tokenBalance.totalTokens;
    this.balance = { value, at: this.env.nowMs() };
    this.setTokens(value);
    return value;
  }

  /** store-token-purchase; on failure the record is kept in local storage instead. */
  async reportPurchase(report: PurchaseReport): Promise<{ confirmed: boolean } | null> {
    const { id } = await this.env.identity.current();
    const body = { currency: 'GBP', status: 'completed', ...report, anonymousUserId: id };
    const answer = await callEndpointWith({ fetch: this.send }, reportPurchase, [], body);
    if (answer.ok) return answer.value;
    this.keepLocally({ ...body, localId: `local_${this.env.nowMs()}_${Math.random().toString(36).slice(2, 8)}`, createdAt: new Date(this.env.nowMs()).toISOString() });
    return null;
  }

  /** Purchases this device could not report, for re-sending during recovery. */
  localPurchases(anonymousUserId: string): readonly LocalPurchase[] {
    return this.readLocal().filter((p) => p.anonymousUserId === anonymousUserId);
  }

  /** Sends again the reports this device could not deliver; those the server takes are dropped locally. */
  async resendLocalPurchases(anonymousUserId: string): Promise<number> {
    let delivered = 0;
    for (const purchase of this.localPurchases(anonymousUserId)) {
      const { localId, createdAt, ...report } = purchase;
      const sent = await callEndpointWith({ fetch: this.send }, reportPurchase, [], report);
      if (!sent.ok) continue;
      delivered++;
      this.writeLocal(this.readLocal().filter((p) => p.localId !== localId));
    }
    return delivered;
  }

  /** Forgets cached figures (after a scan, a purchase or a recovery), so the next read asks the server. */
  invalidate(): void {
    this.usageFetchedAt = -Infinity;
    this.balance = null;
  }

  /** Sets the displayed balance from a fresh server answer (recovery, purchase). */
  setTokens(tokens: number): void {
    this.balance = { value: tokens, at: this.env.nowMs() };
    const usage = this.$state.get().usage;
    // The server answered the balance alone: whether the app may be used follows by the rule it counts with.
    if (usage) this.change({ usage: { ...usage, tokens, canUse: canUse(usage.billsUsed, tokens) } });
  }

  /** The fetch every metering and token call goes through: a 401 pauses server calls for a minute. */
  readonly send: typeof fetch = async (input, init) => {
    const response = await this.env.fetch(input, init);
    if (response.status === 401) this.pausedUntil = this.env.nowMs() + PAUSE_AFTER_401_MS;
    return response;
  };

  private change(part: Partial<MeteringState>): void {
    this.$state.set({ ...this.$state.get(), ...part });
  }

  private localPurchaseTokens(anonymousUserId: string): number {
    return this.localPurchases(anonymousUserId)
      .filter((p) => p.status === 'completed')
      .reduce((sum, p) => sum + p.tokens, 0);
  }

  private readLocal(): LocalPurchase[] {
    try {
      const parsed: unknown = JSON.parse(this.env.storage?.getItem(LOCAL_PURCHASES_KEY) ?? '[]');
      return Array.isArray(parsed) ? (parsed as LocalPurchase[]).filter((p) => typeof p?.tokens === 'number' && typeof p.anonymousUserId === 'string') : [];
    } catch {
      return [];
    }
  }

  private keepLocally(purchase: LocalPurchase): void {
    this.writeLocal([...this.readLocal(), purchase]);
  }

  private writeLocal(purchases: LocalPurchase[]): void {
    try {
      this.env.storage?.setItem(LOCAL_PURCHASES_KEY, JSON.stringify(purchases));
    } catch (error) {
      console.warn('Could not keep the purchase locally', error);
    }
  }
}

let shared: MeteringClient | null = null;

/** The page's one metering client (created on first use, so server rendering never touches `window`). */
export function meteringClient(): MeteringClient {
  shared ??= new MeteringClient(
    {
      fetch: (input, init) => fetch(input, init),
      identity: anonymousIdentity(),
      storage: typeof localStorage === 'undefined' ? null : localStorage,
      nowMs: () => Date.now(),
    },
    $metering,
  );
  return shared;
}
