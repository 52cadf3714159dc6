import { startFakeServer, type ReceivedRequest } from './http-fake';

export type CaptureScenario = 'completed' | 'declined' | 'pending' | 'not approved' | 'amount mismatch';

/** The parts of an Orders v2 create request the fake reads back. */
interface OrderRequest {
  readonly purchase_units: { amount: { currency_code: string; value: string }; custom_id?: string; invoice_id?: string }[];
  readonly [field: string]: unknown;
}

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  request: OrderRequest;
  captures: { id: string; status: string; amount: { currency_code: string; value: string }; custom_id?: string }[];
}

/** A fake of PayPal's Orders v2 API (and its OAuth token endpoint), answering the official SDK over HTTP. */
export async function startFakePayPal() {
  const orders = new Map<string, FakeOrder>();
  const byRequestId = new Map<string, unknown>();
  const scenarios = new Map<string, CaptureScenario>();
  let next = 1;
  let outage: number | null = null;

  const server = await startFakeServer((req: ReceivedRequest) => {
    const path = req.path.split('?')[0]!;
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from('client:secret').toString('base64')}`;
      if (req.headers.authorization !== basic || !req.body.includes('grant_type=client_credentials')) return { status: 401, body: { error: 'invalid_client' } };
      return { status: 200, body: { access_token: 'fake-token', token_type: 'Bearer', expires_in: 32400 } };
    }
    if (outage !== null) return { status: outage, body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.' } };
    if (req.headers.authorization !== 'Bearer fake-token') return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };
    const requestId = req.headers['paypal-request-id'];
    const replayKey = typeof requestId === 'string' ? `${path}:${requestId}` : null;
    if (replayKey && byRequestId.has(replayKey)) return { status: 201, body: byRequestId.get(replayKey) };
    const answer = route(req, path);
    if (replayKey && answer.status < 300) byRequestId.set(replayKey, answer.body);
    return answer;
  });

  function route(req: ReceivedRequest, path: string): { status: number; body: unknown } {
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const id = `FAKE${String(next++).padStart(13, '0')}`;
      orders.set(id, { id, status: 'CREATED', request: JSON.parse(req.body), captures: [] });
      return { status: 201, body: { id, status: 'CREATED' } };
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const order = orders.get(capture[1]!);
      if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED');
      const scenario = scenarios.get(order.id) ?? 'completed';
      if (scenario === 'not approved') return unprocessable('ORDER_NOT_APPROVED');
      if (scenario === 'declined') return unprocessable('INSTRUMENT_DECLINED');
      const unit = order.request.purchase_units[0]!;
      const value = scenario === 'amount mismatch' ? '0.01' : unit.amount.value;
      order.captures.push({ id: `CAP${next++}`, status: scenario === 'pending' ? 'PENDING' : 'COMPLETED', amount: { currency_code: unit.amount.currency_code, value }, custom_id: unit.custom_id });
      order.status = 'COMPLETED';
      return { status: 201, body: view(order) };
    }
    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const order = orders.get(get[1]!);
      return order ? { status: 200, body: view(order) } : { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
    }
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
  }

  function view(order: FakeOrder) {
    const unit = order.request.purchase_units[0];
    return { id: order.id, status: order.status, purchase_units: [{ ...unit, payments: { captures: order.captures } }] };
  }

  return {
    url: server.url,
    requests: server.requests,
    close: server.close,
    order: (id: string) => orders.get(id),
    onCapture(id: string, scenario: CaptureScenario): void {
      scenarios.set(id, scenario);
    },
    /** While on, every Orders call answers `status` (a 5xx), as PayPal does when it fails on its side. */
    setOutage(on: boolean, status = 500): void {
      outage = on ? status : null;
    },
  };
}

function unprocessable(issue: string) {
  return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue }], message: 'The requested action could not be performed.' } };
}

export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;
