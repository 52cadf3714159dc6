import Stripe from 'stripe';
import type { ProviderPayment } from '../../domain/buying-tokens/verification';
import { err, ok, type Result } from '../../domain/result';
import type { Checkout, ProviderCheckoutFailure, CheckoutRequest, PaidInvoice, PaymentGateway, WebhookNotice } from '../../ports/buying-tokens/payment-gateway';

export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Points the official SDK at another server (a fake or stripe-mock) through its host/port/protocol options. */
  readonly apiBaseUrl: string | null;
}

// One product for both plans; its id is ours so creating it again is harmless.
const PLAN_PRODUCT_ID = 'whos_paying_premium_plan';

/** Card payments and plans through Stripe: PaymentIntents, subscriptions, signed webhooks. */
export class StripeGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, ...baseUrlOptions(settings.apiBaseUrl) });
  }

  async createCheckout(request: CheckoutRequest): Promise<Result<Checkout, ProviderCheckoutFailure>> {
    try {
      return ok(request.offer.type === 'package' ? await this.createPaymentIntent(request) : await this.createSubscription(request));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) return err('provider unavailable');
      throw error;
    }
  }

  async confirm(providerRef: string): Promise<ProviderPayment> {
    const intent = await this.stripe.paymentIntents.retrieve(providerRef);
    return {
      providerPaymentId: intent.id,
      status: intent.status === 'succeeded' ? 'succeeded' : intent.status === 'canceled' ? 'failed' : 'pending',
      amountPence: intent.status === 'succeeded' ? intent.amount_received : intent.amount,
      currency: intent.currency,
      anonymousUserId: intent.metadata['anonymousUserId'] ?? null,
      customId: null,
    };
  }

  async paidInvoice(invoiceId: string): Promise<PaidInvoice | null> {
    let invoice: Stripe.Invoice;
    try {
      invoice = await this.stripe.invoices.retrieve(invoiceId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
    const details = invoice.parent?.subscription_details;
    if (!details || invoice.status !== 'paid' || !invoice.id) return null;
    return {
      subscriptionRef: typeof details.subscription === 'string' ? details.subscription : details.subscription.id,
      payment: {
        providerPaymentId: invoice.id,
        status: 'succeeded',
        amountPence: invoice.amount_paid,
        currency: invoice.currency,
        anonymousUserId: details.metadata?.['anonymousUserId'] ?? null,
        customId: null,
      },
    };
  }

  async parseWebhook(rawBody: Uint8Array, signature: string | null): Promise<Result<WebhookNotice, 'invalid signature'>> {
    if (signature === null) return err('invalid signature');
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(Buffer.from(rawBody), signature, this.settings.webhookSecret);
    } catch {
      return err('invalid signature');
    }
    // Only ids are taken from the event; the facts are read back from Stripe.
    if (event.type === 'payment_intent.succeeded') return ok({ kind: 'payment succeeded', providerRef: event.data.object.id });
    if (event.type === 'invoice.paid' && event.data.object.id) return ok({ kind: 'invoice paid', invoiceId: event.data.object.id });
    return ok({ kind: 'ignored', type: event.type });
  }

  private async createPaymentIntent({ orderId, offer, anonymousUserId }: CheckoutRequest): Promise<Checkout> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: offer.amountPence,
        currency: 'gbp',
        description: offer.description,
        automatic_payment_methods: { enabled: true },
        metadata: { orderId, type: offer.type, package: offer.id, tokens: String(offer.tokens), anonymousUserId },
      },
      { idempotencyKey: orderId },
    );
    return { providerRef: intent.id, clientSecret: intent.client_secret };
  }

  private async createSubscription({ orderId, offer, anonymousUserId }: CheckoutRequest): Promise<Checkout> {
    await this.ensurePlanProduct();
    const metadata = { orderId, type: offer.type, package: offer.id, tokens: String(offer.tokens), anonymousUserId };
    const customer = await this.stripe.customers.create({ metadata }, { idempotencyKey: `${orderId}:customer` });
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price_data: { currency: 'gbp', product: PLAN_PRODUCT_ID, unit_amount: offer.amountPence, recurring: { interval: offer.period ?? 'month' } } }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata,
        expand: ['latest_invoice.confirmation_secret'],
      },
      { idempotencyKey: `${orderId}:subscription` },
    );
    const invoice = subscription.latest_invoice;
    const clientSecret = invoice && typeof invoice !== 'string' ? (invoice.confirmation_secret?.client_secret ?? null) : null;
    return { providerRef: subscription.id, clientSecret };
  }

  private async ensurePlanProduct(): Promise<void> {
    try {
      await this.stripe.products.retrieve(PLAN_PRODUCT_ID);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
      await this.stripe.products.create({ id: PLAN_PRODUCT_ID, name: "Who's Paying Premium" }, { idempotencyKey: PLAN_PRODUCT_ID });
    }
  }
}

function baseUrlOptions(apiBaseUrl: string | null): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (apiBaseUrl === null) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}
