import { z } from './zod';
import { LINE_DOUBTS, RECEIPT_LINE_KINDS } from '../../domain/scanning/receipt-line';
import type { Endpoint } from './endpoint';
import { everyMember } from './every-member';

/** Why a photo was not read: refused before reading (limits, budgets, the upload), or the reading failed. */
export type ScanRefusalCode =
  | 'too_many_scans'
  | 'reader_busy'
  | 'free_scans_used'
  | 'scanning_paused'
  | 'image_too_large'
  | 'too_many_pixels'
  | 'not_an_image'
  | 'not_base64'
  | 'no_device'
  | 'invalid_anonymous_id'
  | 'allowance_used'
  | 'read_failed'
  | 'timed_out'
  | 'unclear';

const pence = z.int();

/**
 * Reads a receipt photo (base64, without a data: prefix) for the device `anonymousUserId`, which
 * travels in the body and in X-Anonymous-Id. The answer is the reading as the review screen starts
 * from: each line as read and named, the printed total and whether the lines add up to it.
 */
export const readReceipt = {
  method: 'POST',
  path: (_anonymousUserId: string) => '/functions/v1/analyze-receipt',
  headers: (anonymousUserId: string) => ({ 'x-anonymous-id': anonymousUserId }),
  request: z.object({
    image: z.string().check(z.minLength(1)),
    // Accepted for compatibility and ignored: the extraction rules are the server's.
    prompt: z.optional(z.string().check(z.maxLength(20_000))),
    anonymousUserId: z.optional(z.string().check(z.maxLength(100))),
  }),
  answer: z.object({
    items: z.array(
      z.object({
        name: z.string(),
        label: z.string(),
        raw: z.string(),
        pricePence: z.nullable(pence),
        kind: z.enum(RECEIPT_LINE_KINDS),
        /** The coarse type a server without kinds would send. */
        type: z.enum(['item', 'tax', 'discount']),
        /** How many the line was printed with, and at what each, when the receipt says. */
        quantity: z.optional(z.int()),
        unitPricePence: z.optional(pence),
        /** How many units the line was printed with at its start ("3 x Peroni", "2XCOPERTO"), whatever each costs. */
        printedUnits: z.optional(z.int()),
        /** The reader is not sure of this line: the review screen asks the person to check it. */
        doubtful: z.boolean(),
        /** Why, when doubtful: its name's letters, its price's figures, or a price that does not fit the printed total. */
        doubt: z.optional(z.enum(LINE_DOUBTS)),
      }),
    ),
    totalPence: z.nullable(pence),
    merchant: z.nullable(z.string()),
    date: z.nullable(z.string()),
    currency: z.nullable(z.string()),
    /** No sign or code was printed: the currency is a guess from where the shop is, for the person to check. */
    currencyDoubtful: z.boolean(),
    /** The lines checked against the printed total: suspect lines by their index in `items`. */
    reconciliation: z.object({ billedPence: pence, differencePence: z.nullable(pence), matches: z.boolean(), suspectLines: z.readonly(z.array(z.int())) }),
    paidWith: z.enum(['free bill', 'token']),
  }),
  refusals: everyMember<ScanRefusalCode>()(
    'too_many_scans',
    'reader_busy',
    'free_scans_used',
    'scanning_paused',
    'image_too_large',
    'too_many_pixels',
    'not_an_image',
    'not_base64',
    'no_device',
    'invalid_anonymous_id',
    'allowance_used',
    'read_failed',
    'timed_out',
    'unclear',
  ),
} satisfies Endpoint<[string], z.ZodMiniType, z.ZodMiniType, ScanRefusalCode>;
