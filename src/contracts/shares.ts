import { z } from './zod';
import type { NOT_ADDING_UP } from '../../domain/adds-up';
import type { ShareLinkProblem } from '../../domain/sharing/share-packet';
import { billWire } from './bill';
import type { Endpoint } from './endpoint';
import { everyMember } from './every-member';

/** Why a bill could not be shared: the domain's validation text, or shares that do not add up to its Grand Total. */
export type ShareLinkRefusal = 'invalid_bill' | typeof NOT_ADDING_UP.code;

const id = z.string().check(z.minLength(1), z.maxLength(64));
const rate = z.string().check(z.maxLength(20));

/** A signed public link /b/{token} to the whole bill, or to one diner's view of it (`dinerId`). */
export const createShareLink = {
  method: 'POST',
  path: () => '/api/shares',
  request: z.object({
    bill: billWire,
    /** One diner's individual share (the single-seat view); the whole bill when left out. */
    dinerId: z.nullish(id),
    /** One unit of the bill's currency in pounds, for a bill paid back in pounds. */
    payBackRate: z.nullish(rate),
  }),
  answer: z.object({ url: z.string(), token: z.string(), expiresAt: z.string() }),
  refusals: everyMember<ShareLinkRefusal>()('invalid_bill', 'unassigned_items'),
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, ShareLinkRefusal>;

const SHARE_REFUSALS = everyMember<ShareLinkProblem>()('missing', 'invalid', 'expired', 'format', 'failed');

/**
 * The verified bill behind a share token, for the app to load a shared receipt into its summary
 * step (/app?data={token}): the browser cannot check the signature itself. Seats are numbered by
 * position ('1'…'8'), and the payer is one of them.
 */
export const openSharedBill = {
  method: 'GET',
  path: (token: string) => `/api/shares/${encodeURIComponent(token)}`,
  request: null,
  answer: z.object({
    bill: billWire,
    dinerId: z.nullable(z.string()),
    expiresAt: z.string(),
    payBackRate: z.nullable(z.string()),
  }),
  refusals: SHARE_REFUSALS,
} satisfies Endpoint<[string], null, z.ZodMiniType, ShareLinkProblem>;
