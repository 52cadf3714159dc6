import type { APIRoute } from 'astro';
import { paymentOptions } from '../../../contracts/buying-tokens';
import { answerWith } from '../../../server/http/answer';

/** What the Buy Tokens dialog needs: the server's offers and, per provider, live keys (public ones only) or test mode. */
export const GET: APIRoute = async ({ locals }) => answerWith(paymentOptions, (await locals.services()).paymentOptions);
