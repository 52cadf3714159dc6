import { z } from './zod';
import type { UsageSummary } from '../../domain/scan-credits/freemium';
import { ANONYMOUS_ID_REFUSAL, sentAnonymousUserId, type AnonymousIdRefusal } from './anonymous-user';
import type { Endpoint } from './endpoint';

const METERING_REFUSALS = [ANONYMOUS_ID_REFUSAL] as const;

/** The free allowance and balance of the device named by the X-Anonymous-Id header (never the URL, which proxies log). */
export const usage = {
  method: 'GET',
  path: () => '/api/usage',
  request: null,
  answer: z.object({
    billsUsed: z.int(),
    maxFreeBills: z.int(),
    tokens: z.int(),
    lastResetDate: z.string(),
    canUse: z.boolean(),
    daysUntilReset: z.int(),
  }) satisfies z.ZodMiniType<UsageSummary>,
  refusals: METERING_REFUSALS,
} satisfies Endpoint<[], null, z.ZodMiniType, AnonymousIdRefusal>;

/** The documents' balance call: the device's tokens from the server's ledger. */
export const tokenBalance = {
  method: 'POST',
  path: () => '/functions/v1/get-token-balance',
  request: z.object({ anonymousUserId: sentAnonymousUserId }),
  answer: z.object({ tokenBalance: z.object({ totalTokens: z.int() }) }),
  refusals: METERING_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, AnonymousIdRefusal>;

const trimmed = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/**
 * The documents' purchase report from the browser after paying: recorded for support, crediting
 * nothing. `confirmed` says whether the provider's confirmation has already credited it.
 */
export const reportPurchase = {
  method: 'POST',
  path: () => '/functions/v1/store-token-purchase',
  request: z.object({
    anonymousUserId: sentAnonymousUserId,
    tokens: z.int().check(z.positive(), z.maximum(100_000)),
    amount: z.number().check(z.nonnegative(), z.maximum(1_000_000)),
    currency: z._default(trimmed(8), 'GBP'),
    paymentId: trimmed(255),
    provider: trimmed(32),
    status: z._default(trimmed(32), 'completed'),
  }),
  answer: z.object({ success: z.literal(true), confirmed: z.boolean() }),
  refusals: METERING_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, AnonymousIdRefusal>;
