import { z } from 'zod';

/** A device's anonymous id: a generated UUID in practice; kept short enough for PayPal's 127-character custom_id. */
export const anonymousUserId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'must be the anonymous id of this device');

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
