import type { z } from 'zod/mini';
import { refusalOf, type EdgeRefusal, type Endpoint } from '../contracts/endpoint';

/**
 * What an island gets from an endpoint: its answer as the contract shapes it, or the refusal's code
 * and the server's text (and the field at fault, when the refusal names one). 'offline' when no
 * answer came, 'unavailable' for the server's own faults (a 5xx: worth trying again), 'unexpected'
 * for an answer the contract does not know.
 */
export type Called<Answer, Code extends string> =
  | { readonly ok: true; readonly value: Answer }
  | { readonly ok: false; readonly code: Code | EdgeRefusal | 'offline' | 'unavailable' | 'unexpected'; readonly error: string | null; readonly field?: string };

export async function callEndpoint<Params extends readonly string[], Request extends z.ZodMiniType | null, Answer extends z.ZodMiniType, Code extends string>(
  endpoint: Endpoint<Params, Request, Answer, Code>,
  params: Params,
  ...request: Request extends z.ZodMiniType ? [z.input<Request>] : []
): Promise<Called<z.output<Answer>, Code>> {
  let response: Response;
  try {
    response = await fetch(endpoint.path(...params), requestInit(endpoint, params, request[0]));
  } catch {
    return { ok: false, code: 'offline', error: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status >= 500) return { ok: false, code: 'unavailable', error: null };
  if (!response.ok) return { ok: false, ...(refusalOf(endpoint.refusals, body) ?? { code: 'unexpected', error: null }) };
  const answer = endpoint.answer.safeParse(body);
  return answer.success ? { ok: true, value: answer.data as z.output<Answer> } : { ok: false, code: 'unexpected', error: null };
}

function requestInit<Params extends readonly string[]>(endpoint: Endpoint<Params, z.ZodMiniType | null, z.ZodMiniType, string>, params: Params, request: unknown): RequestInit {
  const headers = endpoint.headers?.(...params);
  if (endpoint.request === null) return { method: endpoint.method, ...(headers === undefined ? {} : { headers }) };
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(request) };
}
