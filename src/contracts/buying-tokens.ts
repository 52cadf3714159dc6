import { z } from './zod';
import type { PackageId, PlanId } from '../../domain/buying-tokens/offers';
import { ANONYMOUS_ID_REFUSAL, sentAnonymousUserId } from './anonymous-user';
import type { Endpoint } from './endpoint';
import { everyMember } from './every-member';

const PACKAGE_IDS = everyMember<PackageId>()('small', 'medium', 'large');
const PLAN_IDS = everyMember<PlanId>()('monthly', 'yearly');

/** What every offer carries, priced and worded by the server: the dialog shows it and buys it as it is. */
const offered = {
  tokens: z.int(),
  /** What the payment request claims (the server checks it against its table). */
  amountPence: z.int(),
  /** The same in pounds, for the documents' purchase report (2.99). */
  amount: z.number(),
  /** Shown: '£5.99'. */
  price: z.string(),
  /** Shown before paying and sent with the card payment: '25 Premium Tokens', 'Yearly Premium Plan'. */
  description: z.string(),
  savings: z.nullable(z.string()),
};

const packageOffer = z.object({ type: z.literal('package'), id: z.enum(PACKAGE_IDS), popular: z.boolean(), ...offered });
const planOffer = z.object({ type: z.literal('subscription'), id: z.enum(PLAN_IDS), name: z.string(), period: z.enum(['month', 'year']), ...offered });

export type PackageOffer = z.output<typeof packageOffer>;
export type PlanOffer = z.output<typeof planOffer>;
/** A token package or a plan, as chosen in the dialog. */
export type OfferOnSale = PackageOffer | PlanOffer;

/** What the Buy Tokens dialog needs: the server's offers and, per provider, live keys (public ones only) or test mode. */
export const paymentOptions = {
  method: 'GET',
  path: () => '/api/payments/config',
  request: null,
  answer: z.object({
    packages: z.readonly(z.array(packageOffer)),
    plans: z.readonly(z.array(planOffer)),
    card: z.discriminatedUnion('mode', [z.object({ mode: z.literal('live'), publishableKey: z.string() }), z.object({ mode: z.literal('test') })]),
    paypal: z.discriminatedUnion('mode', [z.object({ mode: z.literal('live'), clientId: z.string() }), z.object({ mode: z.literal('test') })]),
  }),
  refusals: [],
} satisfies Endpoint<[], null, z.ZodMiniType, never>;

export type PaymentOptions = z.output<typeof paymentOptions.answer>;

/** Why a checkout was not started. */
export const CHECKOUT_REFUSALS = [ANONYMOUS_ID_REFUSAL, 'invalid_package', 'rate_limited', 'idempotency_conflict', 'provider_failed'] as const;

export type CheckoutRefusal = (typeof CHECKOUT_REFUSALS)[number];

const offerName = z.string().check(z.maxLength(40));

/**
 * The documents' payment-intent request, sent with an Idempotency-Key header (one per attempt, so a
 * retry never charges twice): the server prices the offer named in metadata, and answers Stripe's.
 */
export const createPaymentIntent = {
  method: 'POST',
  path: () => '/functions/v1/create-payment-intent',
  request: z.object({
    amount: z.optional(z.int().check(z.positive())),
    currency: z.optional(z.string().check(z.regex(/^gbp$/i))),
    description: z.optional(z.string().check(z.maxLength(500))),
    metadata: z.object({
      type: offerName,
      package: offerName,
      tokens: z.optional(z.pipe(z.coerce.number(), z.int().check(z.positive()))),
      anonymousUserId: sentAnonymousUserId,
    }),
  }),
  answer: z.object({ client_secret: z.string(), id: z.string() }),
  refusals: CHECKOUT_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, CheckoutRefusal>;

/** A PayPal order made on our server for a package (with an Idempotency-Key header); the buttons only get its id. */
export const createPayPalOrder = {
  method: 'POST',
  path: () => '/api/paypal/orders',
  request: z.object({ type: offerName, package: offerName, tokens: z.optional(z.int().check(z.positive())), anonymousUserId: sentAnonymousUserId }),
  answer: z.object({ id: z.string() }),
  refusals: CHECKOUT_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, CheckoutRefusal>;

/** Why a PayPal capture credited nothing. */
export const CAPTURE_REFUSALS = ['capture_failed', 'credit_failed', 'payment_mismatch', 'unknown_order', 'not_completed'] as const;

export type CaptureRefusal = (typeof CAPTURE_REFUSALS)[number];

/** Captures an approved PayPal order and credits it: the tokens bought and the new balance. */
export const capturePayPalOrder = {
  method: 'POST',
  path: (orderId: string) => `/api/paypal/orders/${encodeURIComponent(orderId)}/capture`,
  request: z.object({}),
  answer: z.object({ status: z.literal('COMPLETED'), tokens: z.int(), balance: z.int(), paymentId: z.string() }),
  refusals: CAPTURE_REFUSALS,
} satisfies Endpoint<[string], z.ZodMiniType, z.ZodMiniType, CaptureRefusal>;

/** Where a purchase stands, from our verified record: the provider's confirmation credits, never the browser. */
export const purchaseState = {
  method: 'GET',
  path: (providerRef: string) => `/api/payments/${encodeURIComponent(providerRef)}`,
  request: null,
  answer: z.discriminatedUnion('status', [
    z.object({ status: z.literal('succeeded'), tokens: z.int(), balance: z.int(), credited: z.boolean(), paymentId: z.string() }),
    z.object({ status: z.literal('pending') }),
    z.object({ status: z.literal('failed'), reason: z.string() }),
  ]),
  refusals: ['payment_not_found'],
} satisfies Endpoint<[string], null, z.ZodMiniType, 'payment_not_found'>;
