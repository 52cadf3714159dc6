import { z } from './zod';
import { TAB_LIMITS, type TabRefusal } from '../../domain/tab/tab';
import { billWire } from './bill';
import { everyMember } from './every-member';
import type { Endpoint } from './endpoint';

/** The tab's key travels in this header (or in the event stream's query, which EventSource cannot set headers for). */
export const TAB_KEY_HEADER = 'x-tab-key';

export type TabRefusalCode = TabRefusal['code'] | 'rate_limited';

const TAB_REFUSALS = everyMember<TabRefusalCode>()(
  'not_found',
  'name_empty',
  'name_too_long',
  'name_taken',
  'unknown_person',
  'unknown_bill',
  'unknown_transfer',
  'already_paid',
  'payers_off',
  'bad_amount',
  'same_person',
  'bad_rate',
  'nobody_shares',
  'tab_full',
  'too_large',
  'bad_pay_to',
  'rate_limited',
);

const id = z.string().check(z.minLength(1), z.maxLength(64));
// Minor units: up to ten million of a two-decimal currency, well inside what every sum is exact for.
const amount = z.int().check(z.minimum(0), z.maximum(TAB_LIMITS.amount));
const currency = z.string().check(z.length(3));
const handle = z.string().check(z.maxLength(100));
const payers = z.readonly(z.array(z.object({ personId: id, amount })).check(z.maxLength(50)));
const code = z.object({ provider: z.enum(['epc', 'spayd', 'upi']), qr: z.string(), account: z.string(), amount: z.string(), reference: z.string() });
const link = z.object({ provider: z.enum(['monzo', 'revolut', 'paypal']), handle: z.string(), url: z.string(), amountFilled: z.boolean(), otherCurrency: z.optional(z.literal(true)) });
const money = { amount: z.number(), amountText: z.string() };

/** The tab as every phone shows it: amounts worked out and formatted by the server. */
export const tabViewJson = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  version: z.int(),
  people: z.readonly(
    z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        payTo: z.nullable(
          z.object({
            monzo: z.nullable(z.string()),
            revolut: z.nullable(z.string()),
            paypal: z.nullable(z.string()),
            iban: z.nullable(z.string()),
            bic: z.nullable(z.string()),
            upi: z.nullable(z.string()),
          }),
        ),
        /** When their pay details were replaced, in words; null when never. */
        payToChanged: z.nullable(z.string()),
      }),
    ),
  ),
  bills: z.readonly(
    z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        currency: z.string(),
        total: z.int(),
        totalText: z.string(),
        payers: z.readonly(z.array(z.object({ personId: z.string(), name: z.string(), ...money }))),
        shares: z.readonly(z.array(z.object({ personId: z.string(), name: z.string(), ...money }))),
      }),
    ),
  ),
  settlements: z.readonly(
    z.array(
      z.object({
        currency: z.string(),
        rates: z.readonly(z.array(z.string())),
        balances: z.readonly(z.array(z.object({ personId: z.string(), name: z.string(), ...money }))),
        transfers: z.readonly(
          z.array(
            z.object({
              from: z.string(),
              fromName: z.string(),
              to: z.string(),
              toName: z.string(),
              currency: z.string(),
              ...money,
              reason: z.string(),
              payLinks: z.readonly(z.array(link)),
              code: z.nullable(code),
              /** The payee's details were replaced: check with them before paying. */
              payToChanged: z.nullable(z.string()),
            }),
          ),
        ),
      }),
    ),
  ),
  transfersMade: z.readonly(z.array(z.object({ id: z.string(), fromName: z.string(), toName: z.string(), amount: z.int(), currency: z.string(), amountText: z.string(), at: z.string() }))),
  otherCurrencies: z.readonly(z.array(z.object({ currency: z.string(), rate: z.nullable(z.string()) }))),
});

export type TabViewJson = z.infer<typeof tabViewJson>;

/** A new tab: its name, currency and first people; answers its link (the key in the fragment). */
export const openTab = {
  method: 'POST',
  path: () => '/api/tabs',
  request: z.object({ name: z.string().check(z.maxLength(200)), currency, people: z.readonly(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50))) }),
  answer: z.object({ tabId: z.string(), key: z.string(), url: z.string(), tab: tabViewJson }),
  refusals: TAB_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, TabRefusalCode>;

/** The tab as it stands, for whoever holds its key. */
export const readTab = {
  method: 'GET',
  path: (tabId: string, _key: string) => `/api/tabs/${encodeURIComponent(tabId)}`,
  headers: (_tabId: string, key: string) => ({ [TAB_KEY_HEADER]: key }),
  request: null,
  answer: z.object({ tab: tabViewJson }),
  refusals: TAB_REFUSALS,
} satisfies Endpoint<[string, string], null, z.ZodMiniType, TabRefusalCode>;

/** One change to the tab by whoever holds its key; answers the tab after it. */
export const tabCommand = {
  method: 'POST',
  path: (tabId: string, _key: string) => `/api/tabs/${encodeURIComponent(tabId)}/commands`,
  headers: (_tabId: string, key: string) => ({ [TAB_KEY_HEADER]: key }),
  request: z.object({
    command: z.discriminatedUnion('type', [
      z.object({ type: z.literal('addPerson'), name: z.string().check(z.maxLength(100)) }),
      z.object({ type: z.literal('setPayTo'), personId: id, monzo: handle, revolut: handle, paypal: handle, iban: z.optional(handle), bic: z.optional(handle), upi: z.optional(handle) }),
      z.object({ type: z.literal('addExpense'), name: z.string().check(z.maxLength(120)), amount, currency, payers, sharedBy: z.readonly(z.array(id).check(z.maxLength(50))) }),
      z.object({ type: z.literal('addBill'), bill: billWire, payers: z.readonly(z.array(z.object({ dinerId: id, amount })).check(z.maxLength(50))) }),
      z.object({ type: z.literal('setPayers'), billId: id, payers }),
      z.object({ type: z.literal('removeBill'), billId: id }),
      z.object({ type: z.literal('recordTransfer'), from: id, to: id, amount, currency, shownAt: z.optional(z.int()) }),
      z.object({ type: z.literal('undoTransfer'), transferId: id }),
      z.object({ type: z.literal('setRate'), currency, rate: z.nullable(z.string().check(z.maxLength(20))) }),
    ]),
  }),
  answer: z.object({ tab: tabViewJson }),
  refusals: TAB_REFUSALS,
} satisfies Endpoint<[string, string], z.ZodMiniType, z.ZodMiniType, TabRefusalCode>;

export type TabCommandJson = z.infer<typeof tabCommand.request>['command'];

/** The event stream's path: each `tab` event's data is the tab as tabViewJson shapes it. */
export const tabEventsPath = (tabId: string, key: string) => `/api/tabs/${encodeURIComponent(tabId)}/events?key=${encodeURIComponent(key)}`;
