import type { z } from 'zod/mini';
import { refusalOf, type EdgeRefusal, type Endpoint } from '../contracts/endpoint';

/**
 * What an island gets from an endpoint: its answer as the contract shapes it, or the refusal's code
 * and the server's text (and the field at fault, when the refusal names one). 'offline' when no
 * answer came, 'unavailable' for the server's own faults (a 5xx without a refusal's code: worth
 * trying again), 'unexpected' for an answer the contract does not know.
 */
export type Called<Answer, Code extends string> =
  | { readonly ok: true; readonly value: Answer }
  | { readonly ok: false; readonly code: Code | EdgeRefusal | 'offline' | 'unavailable' | 'unexpected'; readonly error: string | null; readonly field?: string };

/** The request body a call takes: none for a GET. */
type RequestOf<Request extends z.ZodMiniType | null> = Request extends z.ZodMiniType ? [z.input<Request>] : [];

/**
 * What a call may add: headers an endpoint reads besides the body (a device's anonymous id, kept out
 * of the URL; an idempotency key), and the fetch to send it with (one that watches the answers).
 */
export interface CallOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
}

export function callEndpoint<Params extends readonly string[], Request extends z.ZodMiniType | null, Answer extends z.ZodMiniType, Code extends string>(
  endpoint: Endpoint<Params, Request, Answer, Code>,
  params: Params,
  ...request: RequestOf<Request>
): Promise<Called<z.output<Answer>, Code>> {
  return callEndpointWith({}, endpoint, params, ...request);
}

export async function callEndpointWith<Params extends readonly string[], Request extends z.ZodMiniType | null, Answer extends z.ZodMiniType, Code extends string>(
  options: CallOptions,
  endpoint: Endpoint<Params, Request, Answer, Code>,
  params: Params,
  ...request: RequestOf<Request>
): Promise<Called<z.output<Answer>, Code>> {
  const send = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await send(endpoint.path(...params), requestInit(endpoint, params, request[0], options.headers));
  } catch {
    return { ok: false, code: 'offline', error: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    // A refusal is known by its code whatever its status: a 5xx too may say what went wrong (paid, but not credited).
    const refusal = refusalOf(endpoint.refusals, body);
    if (refusal) return { ok: false, ...refusal };
    return { ok: false, code: response.status >= 500 ? 'unavailable' : 'unexpected', error: null };
  }
  const answer = endpoint.answer.safeParse(body);
  return answer.success ? { ok: true, value: answer.data as z.output<Answer> } : { ok: false, code: 'unexpected', error: null };
}

/** The endpoint's method and body, with the params it sends as headers and the caller's own headers. */
function requestInit<Params extends readonly string[]>(
  endpoint: Endpoint<Params, z.ZodMiniType | null, z.ZodMiniType, string>,
  params: Params,
  request: unknown,
  extra: CallOptions['headers'],
): RequestInit {
  const headers = endpoint.headers === undefined && extra === undefined ? undefined : { ...endpoint.headers?.(...params), ...extra };
  if (endpoint.request === null) return { method: endpoint.method, ...(headers === undefined ? {} : { headers }) };
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(request) };
}
