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

/** The Retry-After header of a refusal that says when to come back. */
export function retryAfter(failure: { readonly retryAfterSeconds?: number | undefined }): Record<string, string> {
  return failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) };
}
