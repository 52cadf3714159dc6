import { startFakeServer, type ReceivedRequest } from './http-fake';

type IntentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { code: string } | null;
}

interface Invoice {
  id: string;
  object: 'invoice';
  status: 'draft' | 'open' | 'paid';
  amount_paid: number;
  amount_due: number;
  currency: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } };
  confirmation_secret: { client_secret: string; type: 'payment_intent' };
}

/**
 * A fake of the slice of Stripe's API the adapter uses, answering the official SDK over HTTP.
 * Card outcomes (what the browser's confirmation would cause) are set by the test.
 */
export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const invoices = new Map<string, Invoice>();
  const idempotent = new Map<string, unknown>();
  const products = new Set<string>();
  let outage: number | null = null;
  let next = 1;

  const server = await startFakeServer((req: ReceivedRequest) => {
    if (outage !== null) return { status: outage, body: { error: { type: 'api_error', message: 'Service unavailable' } } };
    const key = req.headers['idempotency-key'];
    const cacheKey = typeof key === 'string' ? `${req.path}:${key}` : null;
    if (req.method === 'POST' && cacheKey && idempotent.has(cacheKey)) return { status: 200, body: idempotent.get(cacheKey) };
    const answer = route(req);
    if (req.method === 'POST' && cacheKey && answer.status === 200) idempotent.set(cacheKey, answer.body);
    return answer;
  });

  function route(req: ReceivedRequest): { status: number; body: unknown } {
    const form = new URLSearchParams(req.body);
    const path = req.path.split('?')[0]!;
    const metadata = (prefix = 'metadata'): Record<string, string> =>
      Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith(`${prefix}[`)).map(([k, v]) => [k.slice(prefix.length + 1, -1), v]));
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_fake_${next++}`;
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency') ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_fake`,
        description: form.get('description'),
        metadata: metadata(),
        last_payment_error: null,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      return intent ? { status: 200, body: intent } : notFound('payment_intent');
    }
    const productMatch = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && productMatch) return products.has(productMatch[1]!) ? { status: 200, body: { id: productMatch[1], object: 'product' } } : notFound('product');
    if (req.method === 'POST' && path === '/v1/products') {
      products.add(form.get('id') ?? '');
      return { status: 200, body: { id: form.get('id'), object: 'product' } };
    }
    if (req.method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: `cus_fake_${next++}`, object: 'customer', metadata: metadata() } };
    if (req.method === 'POST' && path === '/v1/subscriptions') {
      const id = `sub_fake_${next++}`;
      const invoice: Invoice = {
        id: `in_fake_${next++}`,
        object: 'invoice',
        status: 'open',
        amount_paid: 0,
        amount_due: Number(form.get('items[0][price_data][unit_amount]')),
        currency: form.get('items[0][price_data][currency]') ?? '',
        parent: { type: 'subscription_details', subscription_details: { subscription: id, metadata: metadata() } },
        confirmation_secret: { client_secret: `pi_for_${id}_secret_fake`, type: 'payment_intent' },
      };
      invoices.set(invoice.id, invoice);
      return { status: 200, body: { id, object: 'subscription', status: 'incomplete', metadata: metadata(), latest_invoice: invoice } };
    }
    const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && invoiceMatch) {
      const invoice = invoices.get(invoiceMatch[1]!);
      return invoice ? { status: 200, body: invoice } : notFound('invoice');
    }
    return notFound('route');
  }

  return {
    url: server.url,
    requests: server.requests,
    close: server.close,
    intent: (id: string) => intents.get(id),
    /** What the browser's confirmation of the card led to, as Stripe would record it. */
    cardOutcome(id: string, outcome: 'succeeded' | 'declined' | '3ds' | 'canceled', amountReceived?: number): void {
      const intent = intents.get(id)!;
      if (outcome === 'succeeded') Object.assign(intent, { status: 'succeeded', amount_received: amountReceived ?? intent.amount });
      if (outcome === 'declined') Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
      if (outcome === '3ds') Object.assign(intent, { status: 'requires_action' });
      if (outcome === 'canceled') Object.assign(intent, { status: 'canceled' });
    },
    /** A subscription's invoice being paid (first period or a renewal), with a fresh invoice id for renewals. */
    payInvoice(subscriptionId: string, renewal = false, amountPaid?: number): string {
      const first = [...invoices.values()].find((i) => i.parent.subscription_details.subscription === subscriptionId)!;
      const invoice = renewal ? { ...first, id: `in_fake_${next++}` } : first;
      Object.assign(invoice, { status: 'paid', amount_paid: amountPaid ?? invoice.amount_due });
      invoices.set(invoice.id, invoice);
      return invoice.id;
    },
    /** While on, every call answers `status` (a 5xx), as Stripe does when it fails on its side. */
    setOutage(on: boolean, status = 503): void {
      outage = on ? status : null;
    },
  };
}

function notFound(what: string) {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
