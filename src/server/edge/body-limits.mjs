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

const LARGEST_LIMIT = Math.max(DEFAULT_BODY_LIMIT, ...LIMITS.map(([, limit]) => limit));

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
 * refuses it from the header alone, with its code, at once), and the body is read here and dropped.
 * Closing a connection while the client is still sending makes its kernel answer with a reset, which
 * often reaches the client before it read the 413: so the connection stays open until the body is in
 * (then closes, if the client asked it to). A body past MAX_DRAINED_BYTES is cut off; the request
 * timeout bounds how long draining can take.
 * @param {import('node:http').IncomingMessage & { body?: unknown }} req
 * @param {import('node:http').ServerResponse} res
 * @returns {boolean} whether the body is being drained
 */
export function drainRefusedBody(req, res) {
  // The path as the request line gives it (not through URL, which refuses `//…` and other junk
  // targets). One Astro may read as another path (dot segments, escapes) is held to the largest cap,
  // so the edge never takes a body the middleware would let through.
  const pathname = (req.url ?? '/').split('?')[0];
  const plain = !/%|\/\.|\/\//.test(pathname);
  const declared = Number(req.headers['content-length'] ?? '');
  if (!(declared > (plain ? bodyLimitFor(pathname) : LARGEST_LIMIT))) return false;
  req.body = new Uint8Array(0);
  const socket = req.socket;
  let drained = 0;
  req.on('data', (chunk) => {
    drained += chunk.length;
    if (drained > MAX_DRAINED_BYTES) socket.destroy();
  });
  req.resume();
  // Node would end the connection as soon as the answer is sent to a client that asked to close it.
  const closeAfter = !res.shouldKeepAlive;
  res.shouldKeepAlive = true;
  let pending = 2;
  const done = () => {
    if (--pending === 0 && closeAfter) socket.end();
  };
  req.once('end', done);
  res.once('finish', done);
  return true;
}
