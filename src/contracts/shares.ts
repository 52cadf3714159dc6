import { z } from './zod';
import type { NOT_ADDING_UP } from '../../domain/adds-up';
import type { ShareLinkProblem } from '../../domain/sharing/share-packet';
import { SHARED_KINDS } from '../../domain/sharing/share-packet';
import { TIP_SPLITS } from '../../domain/split';
import type { Endpoint } from './endpoint';
import { everyMember } from './every-member';

/** Why a bill could not be shared: the domain's validation text, or shares that do not add up to its Grand Total. */
export type ShareLinkRefusal = 'invalid_bill' | typeof NOT_ADDING_UP.code;

const id = z.string().check(z.minLength(1), z.maxLength(64));
const text = (max: number) => z.string().check(z.maxLength(max));

/** A signed public link /b/{token} to the whole bill, or to one diner's view of it (`dinerId`). */
export const createShareLink = {
  method: 'POST',
  path: () => '/api/shares',
  request: z.object({
    diners: z.readonly(z.array(z.object({ id, name: text(100) })).check(z.maxLength(50))),
    items: z.readonly(
      z.array(z.object({ name: text(200), pricePence: z.int(), kind: z.optional(z.enum(SHARED_KINDS)), assignedTo: z.readonly(z.array(id).check(z.maxLength(50))) })).check(z.maxLength(500)),
    ),
    tipPence: z.int(),
    /** How the tip is shared; equal when left out. */
    tipSplit: z.optional(z.enum(TIP_SPLITS)),
    /** One diner's individual share (the single-seat view); the whole bill when left out. */
    dinerId: z.nullish(id),
    /** ISO 4217; pounds when left out. */
    currency: z.nullish(text(3)),
    /** The bill's name, which heads the page. */
    name: z.nullish(text(200)),
    /** The diner who paid the restaurant, shown as owed rather than owing. */
    payerId: z.nullish(id),
    /** One unit of the bill's currency in pounds, for a bill paid back in pounds. */
    payBackRate: z.nullish(text(20)),
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
    currency: z.string(),
    diners: z.array(z.object({ id: z.string(), name: z.string() })),
    items: z.array(z.object({ name: z.string(), pricePence: z.int(), kind: z.enum(SHARED_KINDS), assignedTo: z.array(z.string()) })),
    tipPence: z.int(),
    tipSplit: z.enum(TIP_SPLITS),
    dinerId: z.nullable(z.string()),
    expiresAt: z.string(),
    name: z.nullable(z.string()),
    payerId: z.nullable(z.string()),
    payBackRate: z.nullable(z.string()),
  }),
  refusals: SHARE_REFUSALS,
} satisfies Endpoint<[string], null, z.ZodMiniType, ShareLinkProblem>;
