import type { MiddlewareHandler } from 'astro';
import { jsonError } from '../http/json';
import { bodyTooLargeMessage, DEFAULT_JSON_LIMIT } from '../http/read-json';

const KiB = 1024;
const MiB = 1024 * KiB;

// The receipt photo is at most 8 MB decoded, so about 10.7 MiB as base64 plus the other fields.
const LIMITS: readonly (readonly [prefix: string, maxBytes: number])[] = [
  ['/functions/v1/analyze-receipt', 12 * MiB],
  ['/api/webhooks/', 256 * KiB],
];
export function bodyLimitFor(pathname: string): number {
  return LIMITS.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? DEFAULT_JSON_LIMIT;
}

/**
 * Refuses a body larger than its endpoint's cap with 413 before the endpoint reads it: at once from
 * Content-Length, and for a chunked body by reading at most the cap (from a copy, so the endpoint
 * still gets every byte when it fits).
 */
export const capRequestBody: MiddlewareHandler = async (context, next) => {
  const { request } = context;
  if (request.body === null) return next();
  const limit = bodyLimitFor(context.url.pathname);
  const declared = request.headers.get('content-length');
  const fits = declared !== null ? Number(declared) <= limit : await streamFits(request.clone(), limit);
  if (fits) return next();
  // Both halves of the copied stream are cancelled, so the rest of the upload is not read (a
  // cancelled half alone waits for its twin, so neither is awaited).
  request.body.cancel().catch(() => undefined);
  return jsonError(bodyTooLargeMessage(limit), 413, { connection: 'close' });
};

async function streamFits(copy: Request, limit: number): Promise<boolean> {
  const reader = copy.body!.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => undefined);
      return false;
    }
  }
}
