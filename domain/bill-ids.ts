// The ids and keys a bill's links carry, each parsed in this one place: anything else is refused
// before it reaches a store, whichever database is behind it.

/** A stored or live bill's id as the server makes it: lowercase letters and digits. */
export type BillId = string & { readonly __brand: 'BillId' };
/** A diner's key on a stored bill's link (their capability, or a plain diner id on receipts stored through the API), or their id on the bill. */
export type DinerKey = string & { readonly __brand: 'DinerKey' };
/** A live bill's organiser, table or diner key (URL-safe base64). */
export type LiveKey = string & { readonly __brand: 'LiveKey' };

/** What an endpoint answers for a path id that is none of these, naming it. */
export const invalidIdMessage = (field: string): string => `${field} is not a valid id`;

const BILL_ID = /^[a-z0-9]{1,40}$/;
const DINER_KEY = /^[a-z0-9]{1,60}$/;
const LIVE_KEY = /^[A-Za-z0-9_-]{22,64}$/;

export function billIdOf(value: unknown): BillId | null {
  return typeof value === 'string' && BILL_ID.test(value) ? (value as BillId) : null;
}

export function dinerKeyOf(value: unknown): DinerKey | null {
  return typeof value === 'string' && DINER_KEY.test(value) ? (value as DinerKey) : null;
}

export function liveKeyOf(value: unknown): LiveKey | null {
  return typeof value === 'string' && LIVE_KEY.test(value) ? (value as LiveKey) : null;
}
