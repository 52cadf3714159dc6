import type { APIRoute } from 'astro';
import { json } from '../../../server/http/json';

/** What the Buy Tokens dialog needs: the server's prices and, per provider, live keys (public ones only) or test mode. */
export const GET: APIRoute = async ({ locals }) => json((await locals.services()).paymentOptions);
