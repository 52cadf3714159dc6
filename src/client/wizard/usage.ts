import { atom } from 'nanostores';
import { MAX_FREE_BILLS, type UsageSummary } from '../../../domain/freemium';
import { readJson, writeJson } from './storage';

/**
 * INTEGRATION POINT (ledger branch): the anonymous identity and the usage store. Until the ledger's
 * src/client identity module and usage store land on main, this stand-in keeps a plain id in
 * localStorage and reads GET /api/usage (DESIGN.md §3). Swap both functions for theirs.
 */
export type Usage = UsageSummary;

const IDENTITY_KEY = 'anonymousUser';

export function anonymousUserId(): string {
  const stored = readJson<{ id?: string } | null>(IDENTITY_KEY, null);
  if (stored?.id) {
    writeJson(IDENTITY_KEY, { ...stored, lastSeen: new Date().toISOString() });
    return stored.id;
  }
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  writeJson(IDENTITY_KEY, { id, createdAt: now, lastSeen: now });
  return id;
}

/** null until the first answer: the scanner shows a spinner until then. */
export const $usage = atom<Usage | null>(null);

const FALLBACK: Usage = { billsUsed: 0, maxFreeBills: MAX_FREE_BILLS, tokens: 0, lastResetDate: '', canUse: true, daysUntilReset: 0 };

export async function refreshUsage(): Promise<Usage> {
  try {
    const response = await fetch(`/api/usage?anonymousUserId=${encodeURIComponent(anonymousUserId())}`);
    if (!response.ok) throw new Error(`usage: ${response.status}`);
    const usage = (await response.json()) as Usage;
    $usage.set(usage);
    return usage;
  } catch (error) {
    // The server is the source of truth; without it keep the last known figures (or the defaults).
    console.warn('usage unavailable', error);
    const usage = $usage.get() ?? FALLBACK;
    $usage.set(usage);
    return usage;
  }
}

export const freeBillsLeft = (u: Usage): number => Math.max(0, u.maxFreeBills - u.billsUsed);
