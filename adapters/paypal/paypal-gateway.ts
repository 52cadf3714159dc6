import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Order,
} from '@paypal/paypal-server-sdk';
import { paypalCustomId } from '../../domain/buying-tokens/custom-id';
import { fromDecimalAmount, toDecimalAmount, type ProviderPayment } from '../../domain/buying-tokens/verification';
import { err, ok, type Result } from '../../domain/result';
import type { Checkout, ProviderCheckoutFailure, CheckoutRequest, PaidInvoice, PaymentGateway, WebhookNotice } from '../../ports/buying-tokens/payment-gateway';
import { isPayPalUnavailable } from './paypal-faults';
import { rebasedTransport } from './rebased-transport';

export interface PayPalSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  /** A fake, or https://api-m.sandbox.paypal.com for the sandbox; unset means live PayPal. */
  readonly apiBaseUrl: string | null;
}

const SANDBOX = 'https://api-m.sandbox.paypal.com';

/** PayPal orders created and captured by our server with the official SDK. */
export class PayPalGateway implements PaymentGateway {
  readonly provider = 'paypal' as const;
  private readonly orders: OrdersController;

  constructor(settings: PayPalSettings) {
    const base = settings.apiBaseUrl?.replace(/\/+$/, '') ?? null;
    const client = new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: settings.clientId, oAuthClientSecret: settings.clientSecret },
      environment: base === SANDBOX ? Environment.Sandbox : Environment.Production,
      timeout: 20_000,
      ...(base !== null && base !== SANDBOX ? { unstable_httpClientOptions: { adapter: rebasedTransport(base) } } : {}),
    });
    this.orders = new OrdersController(client);
  }

  async createCheckout({ orderId, offer, anonymousUserId }: CheckoutRequest): Promise<Result<Checkout, ProviderCheckoutFailure>> {
    try {
      const { result } = await this.orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              amount: { currencyCode: 'GBP', value: toDecimalAmount(offer.amountPence) },
              description: offer.description,
              customId: paypalCustomId(offer.type, offer.tokens, anonymousUserId),
              invoiceId: orderId,
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: { shippingPreference: PaypalWalletContextShippingPreference.NoShipping, userAction: PaypalExperienceUserAction.PayNow },
            },
          },
        },
        paypalRequestId: orderId,
        prefer: 'return=minimal',
      });
      if (!result.id) return err('provider unavailable');
      return ok({ providerRef: result.id, clientSecret: null });
    } catch (error) {
      if (error instanceof ApiError) return err('provider unavailable');
      throw error;
    }
  }

  /** Captures with a request id derived from the order, so a retried capture is the same capture. */
  async confirm(providerRef: string): Promise<ProviderPayment> {
    let order: Order;
    try {
      order = (await this.orders.captureOrder({ id: providerRef, paypalRequestId: `capture-${providerRef}`, prefer: 'return=representation' })).result;
    } catch (error) {
      // PayPal being down says nothing about the order: the fault answers 503 and the order stays pending.
      if (!(error instanceof ApiError) || isPayPalUnavailable(error)) throw error;
      // Already captured, declined, or not approved: what PayPal holds for the order decides.
      try {
        order = (await this.orders.getOrder({ id: providerRef })).result;
      } catch (again) {
        if (again instanceof ApiError && !isPayPalUnavailable(again)) return failed(providerRef);
        throw again;
      }
    }
    return fromOrder(providerRef, order);
  }

  async paidInvoice(): Promise<PaidInvoice | null> {
    return null;
  }

  async parseWebhook(): Promise<Result<WebhookNotice, 'invalid signature'>> {
    // PayPal purchases are credited from our own capture, never from a webhook.
    return err('invalid signature');
  }
}

function fromOrder(providerRef: string, order: Order): ProviderPayment {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (!capture?.id || !capture.amount) return failed(providerRef);
  const amount = fromDecimalAmount(capture.amount.value);
  return {
    providerPaymentId: capture.id,
    status: capture.status === CaptureStatus.Completed ? 'succeeded' : capture.status === CaptureStatus.Pending ? 'pending' : 'failed',
    amountPence: amount ?? -1,
    currency: capture.amount.currencyCode,
    anonymousUserId: null,
    customId: capture.customId ?? unit?.customId ?? '',
  };
}

function failed(providerRef: string): ProviderPayment {
  return { providerPaymentId: providerRef, status: 'failed', amountPence: 0, currency: 'GBP', anonymousUserId: null, customId: null };
}
