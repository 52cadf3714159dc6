import { err, ok, type Result } from './result';

// An anonymous user is a UUID the browser generates. Anything else is refused at the edge, so the
// database never sees a malformed id and ids compare in one canonical (lowercase) form.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const INVALID_ANONYMOUS_ID_MESSAGE = 'anonymousUserId must be a UUID';

/** A device's anonymous id, parsed: only `parseAnonymousUserId` makes one. */
export type AnonymousId = string & { readonly __brand: 'AnonymousId' };

export function parseAnonymousUserId(value: unknown): Result<AnonymousId, typeof INVALID_ANONYMOUS_ID_MESSAGE> {
  if (typeof value !== 'string') return err(INVALID_ANONYMOUS_ID_MESSAGE);
  const id = value.trim().toLowerCase();
  return UUID.test(id) ? ok(id as AnonymousId) : err(INVALID_ANONYMOUS_ID_MESSAGE);
}

/** True for a UUID in canonical lowercase form (ids of users and of scan reservations). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
