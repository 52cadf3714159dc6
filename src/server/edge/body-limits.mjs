// How large a request body each endpoint takes. Plain JavaScript: the Astro middleware refuses a
// larger one with its code, and scripts/serve.mjs keeps the connection open until the refused body
// is in, so the client reads the 413 rather than a reset.

const KiB = 1024;
const MiB = 1024 * KiB;

/** Every JSON endpoint but those below. */
export const DEFAULT_BODY_LIMIT = 64 * KiB;

// The receipt photo is at most 8 MB decoded, so about 10.7 MiB as base64 plus the other fields.
const LIMITS = [
  ['/functions/v1/analyze-receipt', 12 * MiB],
  ['/api/webhooks/', 256 * KiB],
];

/** @param {string} pathname @returns {number} */
export function bodyLimitFor(pathname) {
  return LIMITS.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? DEFAULT_BODY_LIMIT;
}

/** @param {string} pathname @param {string | null | undefined} contentLength @returns {boolean} */
export function declaresTooLarge(pathname, contentLength) {
  const declared = Number(contentLength ?? '');
  return contentLength != null && contentLength !== '' && Number.isFinite(declared) && declared > bodyLimitFor(pathname);
}

// Past this much of a refused body the client is not uploading by mistake: its connection is cut.
const MAX_DRAINED_BYTES = 64 * MiB;

/**
 * For a request whose Content-Length is over its endpoint's cap: Astro gets no body (the middleware
 * refuses it from the header alone, with its code), and the body is read here and dropped. Closing
 * a connection while the client is still sending makes its kernel answer with a reset, which often
 * reaches the client before it read the 413: so the answer is written at once but ended (and the
 * connection closed, when it is to close) only once the body is in. A body past MAX_DRAINED_BYTES
 * is cut off; the request timeout bounds how long draining can take.
 * @param {import('node:http').IncomingMessage & { body?: unknown }} req
 * @param {import('node:http').ServerResponse} res
 * @returns {boolean} whether the body is being drained
 */
export function drainRefusedBody(req, res) {
  if (!declaresTooLarge(new URL(req.url ?? '/', 'http://edge').pathname, req.headers['content-length'])) return false;
  req.body = new Uint8Array(0);
  let drained = 0;
  req.on('data', (chunk) => {
    drained += chunk.length;
    if (drained > MAX_DRAINED_BYTES) req.socket.destroy();
  });
  req.resume();
  const end = res.end;
  res.end = function (...args) {
    if (req.complete || req.destroyed) return end.apply(this, args);
    const finish = () => end.apply(this, args);
    req.once('end', finish);
    req.once('close', () => req.complete || finish());
    return this;
  };
  return true;
}
