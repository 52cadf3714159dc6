import { z } from './zod';
import { billWire } from './bill';
import type { LiveChange, LiveProblem } from '../../domain/live-bill/live-bill';
import type { NewLiveBillProblem } from '../../domain/live-bill/new-live-bill';
import { liveBillWire, liveTip } from './live-bill-wire';
import { MAX_DINERS } from '../../domain/diners';
import { everyMember } from './every-member';
import type { Endpoint } from './endpoint';

/** Why a live bill's open, change or stream was refused. */
export type LiveRefusal = LiveProblem | NewLiveBillProblem | 'rate_limited' | 'busy' | 'too_many_connections';

const LIVE_REFUSALS = everyMember<LiveRefusal>()(
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
  'name_taken',
  'bad_item',
  'too_many_units',
  'bad_link',
  'no_stored_bill',
  'not_its_shares',
  'seat_free',
  'ask_gone',
  'no_items',
  'bad_bill',
  'rate_limited',
  'busy',
  'too_many_connections',
);

const id = z.string().check(z.minLength(1), z.maxLength(64));
const unit = z.int().check(z.minimum(0), z.maximum(100));
const text = (max: number) => z.string().check(z.maxLength(max));
const pence = z.int();

/** The organiser opens their bill to the table: the organiser's key and the table's link. */
export const openLiveBill = {
  method: 'POST',
  path: () => '/api/live-bills',
  request: z.object({
    /** The organiser's bill; each line is opened in the units it has (a split by units, a printed or typed quantity). */
    bill: billWire,
    /** The tip as the wizard reckons it: a percentage unless an amount was chosen, so totals agree. */
    tip: liveTip,
    /** The diner on the organiser's phone, who joins at once. */
    organiserDinerId: z.nullish(id),
    /** One unit of the bill's currency in pounds, when the organiser is paid back in pounds. */
    payBackRate: z.nullish(text(20)),
  }),
  answer: z.object({ billId: z.string(), organiserKey: z.string(), tableKey: z.string(), url: z.string(), expiresAt: z.string() }),
  refusals: LIVE_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, LiveRefusal>;

/**
 * One change to a live bill by whoever holds `key` (the organiser's, the table's, or a diner's).
 * A hand-out carries full links, which the server turns into paths of its own pages.
 */
export const liveCommand = {
  method: 'POST',
  path: (billId: string) => `/api/live-bills/${encodeURIComponent(billId)}/commands`,
  request: z.object({
    key: text(100),
    command: z.discriminatedUnion('type', [
      z.object({ type: z.literal('claim'), itemId: id, unit, dinerId: id, claimed: z.boolean() }),
      z.object({ type: z.literal('moveClaim'), itemId: id, unit, from: id, to: id }),
      z.object({ type: z.literal('join'), dinerId: id }),
      z.object({ type: z.literal('addDiner'), name: text(100) }),
      z.object({ type: z.literal('removeDiner'), dinerId: id }),
      z.object({ type: z.literal('editItem'), itemId: id, name: text(200), pricePence: pence, units: z.int() }),
      z.object({ type: z.literal('setStatus'), status: z.enum(['open', 'locked', 'finished']) }),
      z.object({ type: z.literal('askSeat'), dinerId: id }),
      z.object({ type: z.literal('answerSeat'), dinerId: id, askId: id, letIn: z.boolean() }),
      z.object({
        type: z.literal('handOut'),
        payTo: text(100),
        links: z.readonly(z.array(z.object({ dinerId: id, url: text(500), pence })).check(z.maxLength(MAX_DINERS))),
      }),
    ]),
  }),
  answer: z.object({
    bill: liveBillWire,
    joined: z.optional(z.object({ dinerId: z.string(), dinerKey: z.string() })),
    /** After askSeat: the ask's id and the key this phone holds the seat with once the organiser lets it in (useless until then). */
    asked: z.optional(z.object({ dinerId: z.string(), askId: z.string(), dinerKey: z.string() })),
  }),
  refusals: LIVE_REFUSALS,
} satisfies Endpoint<[string], z.ZodMiniType, z.ZodMiniType, LiveRefusal>;

export type LiveCommandRequest = z.infer<typeof liveCommand.request>['command'];
export type HandOutRequest = Extract<LiveCommandRequest, { type: 'handOut' }>;

/** A change as the stream sends it: the command as the server took it, and whether the actor took a seat with it. */
const joins = { joins: z.optional(z.boolean()) };
const liveChange = z.discriminatedUnion('type', [
  z.object({ type: z.literal('claim'), itemId: z.string(), unit: z.int(), dinerId: z.string(), claimed: z.boolean(), ...joins }),
  z.object({ type: z.literal('moveClaim'), itemId: z.string(), unit: z.int(), from: z.string(), to: z.string(), ...joins }),
  z.object({ type: z.literal('join'), dinerId: z.string(), ...joins }),
  z.object({ type: z.literal('addDiner'), dinerId: z.string(), name: z.string(), ...joins }),
  z.object({ type: z.literal('removeDiner'), dinerId: z.string(), ...joins }),
  z.object({ type: z.literal('editItem'), itemId: z.string(), name: z.string(), pricePence: pence, units: z.int(), ...joins }),
  z.object({ type: z.literal('setStatus'), status: z.enum(['open', 'locked', 'finished']), ...joins }),
  z.object({
    type: z.literal('handOut'),
    payTo: z.string(),
    links: z.readonly(z.array(z.object({ dinerId: z.string(), path: z.string(), pence }))),
    ...joins,
  }),
]) satisfies z.ZodMiniType<LiveChange>;

/**
 * The live bill's stream (GET …/events, server-sent): `bill` is the whole bill as this phone may see
 * it, `change` one change applied to the version before it (its id the version it makes).
 */
export const liveStreamEvents = { bill: liveBillWire, change: liveChange } as const;
