import type { APIRoute } from 'astro';
import { app } from '../../../server/app';
import type { Config } from '../../../server/config';
import { json } from '../../../server/http';
import { TOKENS } from '../../../../ports/tokens';
import { SUBSCRIPTION_PLANS, TOKEN_PACKAGES } from '../../../../domain/payments/offers';

/** What the Buy Tokens dialog needs: the server's prices and, per provider, live keys (public ones only) or test mode. */
export const GET: APIRoute = async () => {
  const config = (await app()).resolve<Config>(TOKENS.Config);
  return json({
    packages: TOKEN_PACKAGES,
    plans: SUBSCRIPTION_PLANS,
    card: config.stripe ? { mode: 'live', publishableKey: config.stripe.publishableKey } : { mode: 'test' },
    paypal: config.paypal ? { mode: 'live', clientId: config.paypal.clientId } : { mode: 'test' },
  });
};
