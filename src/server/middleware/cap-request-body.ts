import type { MiddlewareHandler } from 'astro';
import { DEFAULT_ANALYZE_LIMITS } from '../../application/scanning/analyze-receipt';
import { bodyLimitFor, declaresTooLarge } from '../edge/body-limits.mjs';
import { jsonFailure } from '../http/json';
import { bodyTooLargeMessage } from '../http/read-json';
import { scanFailureResponse } from '../http/scanning';

export { bodyLimitFor };

const SCAN = '/functions/v1/analyze-receipt';

/**
 * Refuses a body larger than its endpoint's cap with 413 and a code before the endpoint reads it:
 * at once from Content-Length, and for a chunked body by reading at most the cap (from a copy, so
 * the endpoint still gets every byte when it fits). A photo too large is the scanning contract's
 * `image_too_large`, anything else `too_large`.
 */
export const capRequestBody: MiddlewareHandler = async (context, next) => {
  const { request } = context;
  if (request.body === null) return next();
  const { pathname } = context.url;
  const limit = bodyLimitFor(pathname);
  const declared = request.headers.get('content-length');
  const fits = declared !== null ? !declaresTooLarge(pathname, declared) : await streamFits(request.clone(), limit);
  if (fits) return next();
  // Both halves of the copied stream are cancelled, so the rest of the upload is not read (a
  // cancelled half alone waits for its twin, so neither is awaited).
  request.body.cancel().catch(() => undefined);
  const refused = pathname.startsWith(SCAN)
    ? scanFailureResponse({ code: 'image_too_large', maxBytes: DEFAULT_ANALYZE_LIMITS.upload.maxBytes })
    : jsonFailure('too_large', bodyTooLargeMessage(limit), 413);
  // A chunked upload's rest is never read, so its connection cannot carry another request: say so,
  // or a client that pools connections sends its next request down one that is closing. (A declared
  // one is drained by the server first: scripts/serve.mjs.)
  if (declared === null) refused.headers.set('connection', 'close');
  return refused;
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
