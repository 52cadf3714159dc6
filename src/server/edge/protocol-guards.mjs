// HTTP-level guards shared by scripts/serve.mjs and the Astro middleware: which methods the app
// answers, how long a client may take to send a request, and UTF-8 declared on every HTML page.

/** The app's routes use no other methods (PUT and DELETE mark a diner paid or not); anything else (TRACE, PATCH, PROPFIND…) is refused at the edge. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
export const ALLOW_HEADER = ALLOWED_METHODS.join(', ');
export const METHOD_NOT_ALLOWED = { error: 'Method not allowed' };

export const isAllowedMethod = (method) => ALLOWED_METHODS.includes((method ?? '').toUpperCase());

/** Answers 405 JSON with Allow when the method is not one the app uses; true when it did. */
export function refuseUnknownMethod(req, res) {
  if (isAllowedMethod(req.method)) return false;
  res.setHeader('allow', ALLOW_HEADER);
  answerJson(res, 405, METHOD_NOT_ALLOWED);
  return true;
}

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]{1,253})(:\d{1,5})?$/i;

/** Answers 400 JSON when the Host header is not a host name or address (with an optional port); true when it did. */
export function refuseMalformedHost(req, res) {
  const host = req.headers.host;
  if (host === undefined || HOST.test(host)) return false;
  answerJson(res, 400, { error: 'Invalid Host header' });
  return true;
}

/**
 * What Node's HTTP parser refuses before any handler runs, answered in JSON like everything else:
 * a method it does not know (TRACK) gets 405 with Allow, an expired request timeout 408, oversized
 * headers 431, anything else 400. The connection is closed afterwards.
 */
export function answerClientError(error, socket) {
  if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
  const [status, reason, extra] =
    error.code === 'HPE_INVALID_METHOD'
      ? [405, 'Method Not Allowed', `allow: ${ALLOW_HEADER}\r\n`]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', '']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', '']
          : [400, 'Bad Request', ''];
  const body = JSON.stringify(status === 405 ? METHOD_NOT_ALLOWED : { error: status === 408 ? 'Request timed out' : reason });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\n${extra}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/**
 * CONNECT (a proxy tunnel) is no method of the app: 405 with Allow, in JSON like every refusal,
 * then the connection is closed (nothing else may follow a CONNECT on it).
 */
export function answerConnect(_req, socket) {
  if (!socket.writable) return socket.destroy();
  const body = JSON.stringify(METHOD_NOT_ALLOWED);
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\ncontent-type: application/json; charset=utf-8\r\ncache-control: no-store\r\nallow: ${ALLOW_HEADER}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

function answerJson(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** `text/html` without a charset gets `; charset=utf-8`; anything else is returned as it is. */
export const withUtf8 = (contentType) => (/^text\/html\s*$/i.test(contentType ?? '') ? 'text/html; charset=utf-8' : contentType);

/** Makes every HTML answer on `res` declare UTF-8, whoever sets its Content-Type (the static file handler does not). */
export function declareUtf8(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    const type = res.getHeader('content-type');
    if (typeof type === 'string') res.setHeader('content-type', withUtf8(type));
    const headers = args.at(-1);
    if (headers && typeof headers === 'object' && !Array.isArray(headers)) for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') headers[name] = withUtf8(headers[name]);
    return writeHead.apply(this, args);
  };
}

/**
 * Time a client has to send its headers and its whole request (REQUEST_TIMEOUT_SECONDS, default 30):
 * a slow body cannot hold a connection for Node's default 300 s. Node answers 408 and closes.
 */
export function requestTimeouts(env) {
  const seconds = Number(env.REQUEST_TIMEOUT_SECONDS || 30);
  const requestTimeout = Math.round((Number.isFinite(seconds) && seconds > 0 ? seconds : 30) * 1000);
  // Node checks for expired requests every connectionsCheckingInterval (30 s by default): check often enough to keep the limit.
  return { requestTimeout, headersTimeout: Math.min(requestTimeout, 20_000), connectionsCheckingInterval: Math.max(250, Math.min(5000, requestTimeout / 4)) };
}
