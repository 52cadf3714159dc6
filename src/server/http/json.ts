import { UNAVAILABLE_MESSAGE } from '../../contracts/endpoint';

export { UNAVAILABLE_MESSAGE };

/** JSON responses for the HTTP edge; every error body is `{ error }` with a human-readable message. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function jsonError(error: string, status: number, headers: Record<string, string> = {}): Response {
  return json({ error }, status, headers);
}

/** A refusal the browser acts on: the documents' text for people, and a stable `code` for the client to branch on. */
export function jsonFailure(code: string, error: string, status: number, headers: Record<string, string> = {}): Response {
  return json({ error, code }, status, headers);
}

/** The Retry-After header of a refusal that says when to come back. */
export function retryAfter(failure: { readonly retryAfterSeconds?: number | undefined }): Record<string, string> {
  return failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) };
}

// Long enough for a database restart or a failover, short enough that a client's retry finds it back.
const UNAVAILABLE_RETRY_SECONDS = 5;

/** The answer to a request that met a temporary fault: 503 JSON with Retry-After, so clients and providers try again. */
export function unavailable(): Response {
  return jsonError(UNAVAILABLE_MESSAGE, 503, { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) });
}
