import { z } from 'zod';

// The anonymous id is checked by anonymousIdOf (body value, else the X-Anonymous-Id header).
const anonymousUserId = z.string().max(100).optional();

/** The documents' payment-intent request: amount, currency, description, metadata (type, package, tokens, anonymousUserId). */
export const createPaymentIntentBody = z.object({
  amount: z.number().int().positive().optional(),
  currency: z.string().regex(/^gbp$/i).optional(),
  description: z.string().max(500).optional(),
  metadata: z.object({
    type: z.string().max(40),
    package: z.string().max(40),
    tokens: z.coerce.number().int().positive().optional(),
    anonymousUserId,
  }),
});

export const createPayPalOrderBody = z.object({
  type: z.string().max(40),
  package: z.string().max(40),
  tokens: z.number().int().positive().optional(),
  anonymousUserId,
});

/** Idempotency-Key header: opaque, bounded. */
export function idempotencyKey(request: Request): string | undefined {
  const key = request.headers.get('idempotency-key')?.trim();
  return key && /^[\x21-\x7e]{1,200}$/.test(key) ? key : undefined;
}
