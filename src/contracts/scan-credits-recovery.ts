import { z } from './zod';
import { ANONYMOUS_ID_REFUSAL, sentAnonymousUserId } from './anonymous-user';
import type { Endpoint } from './endpoint';

/** Why a recovery, a new code or a revocation was refused. */
export const RECOVERY_REFUSALS = [ANONYMOUS_ID_REFUSAL, 'rate_limited', 'invalid_code', 'unknown_code', 'expired_code', 'used_code', 'revoked_code', 'no_purchase'] as const;

export type RecoveryRefusal = (typeof RECOVERY_REFUSALS)[number];

const typedCode = z.optional(z.string().check(z.maxLength(64)));

/**
 * Without a code: the server balance of this device's id. With one: the identity the code belongs
 * to and its balance, which the browser then keeps as its own.
 */
export const recoverTokens = {
  method: 'POST',
  path: () => '/api/recovery',
  request: z.object({ anonymousUserId: sentAnonymousUserId, recoveryCode: typedCode }),
  answer: z.object({ anonymousUserId: z.string(), tokens: z.int() }),
  refusals: RECOVERY_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, RecoveryRefusal>;

/** A fresh recovery code for a device with a confirmed purchase, to show after paying. */
export const newRecoveryCode = {
  method: 'POST',
  path: () => '/api/recovery-code',
  request: z.object({ anonymousUserId: sentAnonymousUserId }),
  answer: z.object({ recoveryCode: z.string(), expiresAt: z.string() }),
  refusals: RECOVERY_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, RecoveryRefusal>;

/** The holder revokes their recovery codes still in force (or only the one given): how many were revoked. */
export const revokeRecoveryCodes = {
  method: 'POST',
  path: () => '/api/recovery-code/revoke',
  request: z.object({ anonymousUserId: sentAnonymousUserId, recoveryCode: typedCode }),
  answer: z.object({ revoked: z.int() }),
  refusals: RECOVERY_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, RecoveryRefusal>;
