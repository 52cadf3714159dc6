import { z } from './zod';
import type { LiveProblem } from '../../domain/live-bill/live-bill';
import type { NewLiveBillProblem } from '../../domain/live-bill/new-live-bill';
import type { LiveBillJson } from '../../domain/live-bill/wire';
import { MAX_DINERS } from '../../domain/diners';
import { TIP_SPLITS, type ItemKind } from '../../domain/split';
import { everyMember } from './every-member';
import type { PostEndpoint } from './endpoint';

/** Why a live bill's open, change or stream was refused. */
export type LiveRefusal = LiveProblem | NewLiveBillProblem | 'rate_limited' | 'busy' | 'too_many_connections';

export const LIVE_REFUSALS = everyMember<LiveRefusal>()(
  'not_found',
  'expired',
  'locked',
  'finished',
  'forbidden',
  'unknown_item',
  'unknown_diner',
  'diner_taken',
  'table_full',
  'name_empty',
  'name_too_long',
  'bad_item',
  'bad_link',
  'no_items',
  'bad_bill',
  'rate_limited',
  'busy',
  'too_many_connections',
);

const ITEM_KINDS = everyMember<ItemKind>()('item', 'service', 'vat', 'discount');
const id = z.string().min(1).max(64);
const unit = z.number().int().min(0).max(100);

/** The bill as a phone gets it: what the server pushes and answers a change with. */
export const liveBillJson = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.enum(['open', 'locked', 'finished']),
  expiresAt: z.string(),
  tip: z.union([z.object({ percent: z.number() }), z.object({ pence: z.number().int() })]),
  tipSplit: z.enum(TIP_SPLITS),
  items: z.array(z.object({ id: z.string(), name: z.string(), pricePence: z.number().int(), kind: z.enum(ITEM_KINDS), units: z.number().int() })).readonly(),
  diners: z.array(z.object({ id: z.string(), name: z.string(), joined: z.boolean(), payLink: z.object({ path: z.string(), pence: z.number().int() }).optional() })).readonly(),
  claims: z.array(z.tuple([z.string(), z.number().int(), z.string()]).readonly()).readonly(),
  payTo: z.string().optional(),
}) satisfies z.ZodType<LiveBillJson>;

/** The organiser opens their bill to the table: the organiser's key and the table's link. */
export const openLiveBill = {
  path: () => '/api/live-bills',
  request: z.object({
    items: z
      .array(
        z.object({
          id,
          name: z.string().max(200),
          pricePence: z.number().int(),
          kind: z.enum(ITEM_KINDS),
          assignedTo: z.array(id).max(50).readonly().optional(),
          // Checked by the bill's rules (a whole number of units the line can hold, 'bad_item' if not).
          quantity: z.number().optional(),
          unitCounts: z.record(id, z.number()).optional(),
        }),
      )
      .max(200)
      .readonly(),
    diners: z
      .array(z.object({ id, name: z.string().max(100) }))
      .max(50)
      .readonly(),
    tip: z.union([z.object({ percent: z.number() }), z.object({ pence: z.number().int() })]),
    tipSplit: z.enum(TIP_SPLITS).optional(),
  }),
  answer: z.object({ billId: z.string(), organiserKey: z.string(), tableKey: z.string(), url: z.string(), expiresAt: z.string() }),
  refusals: LIVE_REFUSALS,
} satisfies PostEndpoint<[], z.ZodType, z.ZodType, LiveRefusal>;

/**
 * One change to a live bill by whoever holds `key` (the organiser's, the table's, or a diner's).
 * A hand-out carries full links, which the server turns into paths of its own pages.
 */
export const liveCommand = {
  path: (billId: string) => `/api/live-bills/${encodeURIComponent(billId)}/commands`,
  request: z.object({
    key: z.string().max(100),
    command: z.discriminatedUnion('type', [
      z.object({ type: z.literal('claim'), itemId: id, unit, dinerId: id, claimed: z.boolean() }),
      z.object({ type: z.literal('moveClaim'), itemId: id, unit, from: id, to: id }),
      z.object({ type: z.literal('join'), dinerId: id }),
      z.object({ type: z.literal('addDiner'), name: z.string().max(100) }),
      z.object({ type: z.literal('removeDiner'), dinerId: id }),
      z.object({ type: z.literal('editItem'), itemId: id, name: z.string().max(200), pricePence: z.number().int(), units: z.number().int() }),
      z.object({ type: z.literal('setStatus'), status: z.enum(['open', 'locked', 'finished']) }),
      z.object({
        type: z.literal('handOut'),
        payTo: z.string().max(100),
        links: z
          .array(z.object({ dinerId: id, url: z.string().max(500), pence: z.number().int() }))
          .max(MAX_DINERS)
          .readonly(),
      }),
    ]),
  }),
  answer: z.object({ bill: liveBillJson, joined: z.object({ dinerId: z.string(), dinerKey: z.string() }).optional() }),
  refusals: LIVE_REFUSALS,
} satisfies PostEndpoint<[string], z.ZodType, z.ZodType, LiveRefusal>;

export type LiveCommandRequest = z.infer<typeof liveCommand.request>['command'];
export type HandOutRequest = Extract<LiveCommandRequest, { type: 'handOut' }>;
