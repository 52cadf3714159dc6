import { z } from './zod';

/** The refusal of every endpoint that takes a device's anonymous id, when it is missing or no UUID. */
export const ANONYMOUS_ID_REFUSAL = 'invalid_anonymous_id';

export type AnonymousIdRefusal = typeof ANONYMOUS_ID_REFUSAL;

/**
 * The id in a body, as sent: the server parses it at its edge into a typed id (or refuses it with
 * ANONYMOUS_ID_REFUSAL, naming the field), so the body's own check only bounds its length.
 */
export const sentAnonymousUserId = z.optional(z.string().check(z.maxLength(100)));
