import { z } from './zod';
import { billWire } from './bill';
import type { PayeeField } from '../../domain/paying-back/payee';
import type { PaidBy } from '../../domain/paying-back/repayments';
import type { TableCode } from '../../domain/paying-back/pay-ways';
import type { Endpoint } from './endpoint';
import { everyMember } from './every-member';

/** Why getting paid back was refused; 'invalid_payee' names the payee's field at fault. */
export type PayingBackRefusal =
  'invalid_bill' | 'invalid_payee' | 'unassigned_items' | 'bill_not_found' | 'diner_not_found' | 'diner_removed' | 'capability_required' | 'not_organiser' | 'payer_owes_nothing' | 'rate_limited';

const PAYING_BACK_REFUSALS = everyMember<PayingBackRefusal>()(
  'invalid_bill',
  'invalid_payee',
  'unassigned_items',
  'bill_not_found',
  'diner_not_found',
  'diner_removed',
  'capability_required',
  'not_organiser',
  'payer_owes_nothing',
  'rate_limited',
);

export const PAYEE_FIELDS = everyMember<PayeeField>()('name', 'monzo', 'revolut', 'paypal', 'iban', 'bic', 'upi');

/** The organiser's secret travels in a header, never in a URL (logs, history, referrers). */
export const ORGANISER_HEADER = 'x-organiser-secret';

const id = z.string().check(z.minLength(1), z.maxLength(64));
const text = z.nullish(z.string().check(z.maxLength(200)));
const pence = z.int();

/** Who has paid what, worded and counted by the server: the summary shows it as it is. */
export const repaymentStatus = z.object({
  diners: z.readonly(
    z.array(
      z.object({
        dinerId: z.string(),
        name: z.string(),
        totalPence: pence,
        paid: z.nullable(z.object({ by: z.enum(everyMember<PaidBy>()('diner', 'organiser')), at: z.string(), amountPence: pence })),
        isPayer: z.boolean(),
        leftPence: pence,
        paidInFull: z.boolean(),
        overPence: pence,
        note: z.string(),
        convertedTotal: z.nullable(z.string()),
        /** A code for the diner to scan at the table ("Show to pay"), with what it carries. */
        tableCode: z.nullable(
          z.object({ provider: z.enum(everyMember<TableCode['provider']>()('epc', 'spayd', 'upi')), qr: z.string(), account: z.string(), amount: z.string(), reference: z.string() }),
        ),
      }),
    ),
  ),
  paidCount: z.int(),
  owingCount: z.int(),
  everyonePaid: z.boolean(),
  outstandingPence: pence,
  summary: z.string(),
});

export type RepaymentStatusAnswer = z.output<typeof repaymentStatus>;
export type TableCodeAnswer = NonNullable<RepaymentStatusAnswer['diners'][number]['tableCode']>;

/**
 * Stores the organiser's bill for getting paid back (201), or edits the one this device stored (200,
 * with its secret). Each diner new to the bill gets their link; the device keeps it, since the
 * server keeps only the capability's hash.
 */
export const storeBill = {
  method: 'POST',
  path: () => '/api/bills',
  request: z.object({
    /** The bill as the Summary shows it; its name heads the diners' pages. */
    bill: billWire,
    /** The date printed on the receipt (ISO), when one was read. */
    diningDate: z.nullish(z.string().check(z.maxLength(10))),
    /** One unit of the bill's currency in pounds, when the organiser is paid back in pounds. */
    payBackRate: z.nullish(z.string().check(z.maxLength(20))),
    payee: z.object({ name: text, monzo: text, revolut: text, paypal: text, iban: text, bic: text, upi: text }),
    stored: z.optional(z.object({ receiptId: id, organiserSecret: id, dinerIds: z.record(id, id) })),
  }),
  answer: z.object({
    receiptId: z.string(),
    organiserSecret: z.string(),
    expiresAt: z.string(),
    /** By the app's diner id: the server's, and the diner's own link when new to the bill (null when kept). */
    diners: z.readonly(z.array(z.object({ id: z.string(), dinerId: z.string(), capability: z.nullable(z.string()), url: z.nullable(z.string()) }))),
    status: repaymentStatus,
  }),
  refusals: PAYING_BACK_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, PayingBackRefusal>;

// The organiser's endpoints take the bill's id and the organiser's secret; the secret goes in the header.
const organiserHeaders = (_receiptId: string, organiserSecret: string) => ({ [ORGANISER_HEADER]: organiserSecret });
const paymentsPath = (receiptId: string, _organiserSecret: string) => `/api/bills/${encodeURIComponent(receiptId)}/payments`;

/** The organiser's view of who has paid. */
export const readPayments = {
  method: 'GET',
  path: paymentsPath,
  headers: organiserHeaders,
  request: null,
  answer: repaymentStatus,
  refusals: PAYING_BACK_REFUSALS,
} satisfies Endpoint<[string, string], null, z.ZodMiniType, PayingBackRefusal>;

/** The name of the events on the organiser's stream (watchPayments). */
export const PAYMENT_STATUS_EVENT = 'status';

/**
 * The organiser's view of who has paid as a Server-Sent Events stream: a `status` event (its data
 * as `answer` shapes it) with the view as it stands, then one after every change to the bill, from
 * any phone. The secret goes in the header, so it is read with fetch (EventSource sends none); a
 * refusal answers as readPayments does, before the stream starts.
 */
export const watchPayments = {
  method: 'GET',
  path: (receiptId: string, _organiserSecret: string) => `/api/bills/${encodeURIComponent(receiptId)}/events`,
  headers: organiserHeaders,
  request: null,
  answer: repaymentStatus,
  refusals: PAYING_BACK_REFUSALS,
} satisfies Endpoint<[string, string], null, z.ZodMiniType, PayingBackRefusal>;

const dinerPaymentPath = (receiptId: string, organiserSecret: string, dinerId: string) => `${paymentsPath(receiptId, organiserSecret)}/${encodeURIComponent(dinerId)}`;

/** The organiser marks a diner paid; idempotent, and answers who has paid. */
export const markPaid = {
  method: 'PUT',
  path: dinerPaymentPath,
  headers: organiserHeaders,
  request: null,
  answer: repaymentStatus,
  refusals: PAYING_BACK_REFUSALS,
} satisfies Endpoint<[string, string, string], null, z.ZodMiniType, PayingBackRefusal>;

/** The organiser takes a diner's paid mark back; idempotent, and answers who has paid. */
export const markUnpaid = { ...markPaid, method: 'DELETE' } satisfies Endpoint<[string, string, string], null, z.ZodMiniType, PayingBackRefusal>;
