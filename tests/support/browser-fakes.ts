import { IDBFactory } from 'fake-indexeddb';
import { createAnonymousIdentity, type AnonymousIdentity } from '../../src/client/scan-credits/anonymous-identity';
import { MeteringClient } from '../../src/client/scan-credits/metering-client';

/** localStorage / sessionStorage stand-in. */
export class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

export type Route = (body: Record<string, unknown>, url: URL, headers: Headers) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** A fetch that answers from routes by path, recording every call; unknown paths fail like a network error. */
export function fakeFetch(routes: Record<string, Route>) {
  const calls: { path: string; query: string; body: Record<string, unknown>; headers: Headers }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ path: url.pathname, query: url.search, body, headers });
    const route = routes[url.pathname];
    if (!route) throw new TypeError('Failed to fetch');
    const answer = await route(body, url, headers);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: fetcher, calls };
}

export const usageOf = (tokens: number, billsUsed = 3) => ({ billsUsed, maxFreeBills: 3, tokens, lastResetDate: '2026-11-01', canUse: billsUsed < 3 || tokens > 0, daysUntilReset: 9 });

export function browserWorld(routes: Record<string, Route>) {
  let nowMs = Date.parse('2026-11-22T12:00:00Z');
  let ids = 0;
  const storage = new MemoryStorage();
  const identity: AnonymousIdentity = createAnonymousIdentity({
    storage,
    indexedDB: new IDBFactory(),
    now: () => new Date(nowMs),
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
  });
  const net = fakeFetch(routes);
  const metering = new MeteringClient({ fetch: net.fetch, identity, storage, nowMs: () => nowMs });
  return { storage, identity, metering, net, advance: (ms: number) => (nowMs += ms) };
}
