// Request ids and the request log line. Plain JavaScript: scripts/serve.mjs logs every request
// (static files included) and the Astro side logs faults under the same id.
import { randomUUID } from 'node:crypto';
import pino from 'pino';

/**
 * The logger both sides use. Secrets, receipt images and full share tokens never belong in a log
 * line; the redaction is a safety net for anything passed by mistake.
 */
export function createLogger() {
  return pino({
    ...LOG_OPTIONS,
    redact: {
      paths: ['image', '*.image', 'token', '*.token', 'secret', '*.secret', 'authorization', '*.authorization', 'headers.cookie', 'clientSecret', '*.client_secret'],
      censor: '[redacted]',
    },
  });
}

/**
 * The logger of the request line, whose fields serve.mjs makes itself from safe values (the path
 * through redactTarget): it skips the redaction, a tenth of the cost of a cached page's answer.
 */
export function createRequestLogger() {
  return pino(LOG_OPTIONS);
}

const LOG_OPTIONS = { level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'), base: { service: 'whos-paying' } };

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The caller's X-Request-Id when it is a plain identifier (a load balancer's, say), else a new one.
 * @param {string | string[] | undefined | null} incoming
 * @returns {string}
 */
export function requestIdFrom(incoming) {
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The first characters of a share token: enough to correlate log lines, useless to open the bill.
 * @param {string} token
 */
export function tokenHint(token) {
  return token.length <= 8 ? '…' : `${token.slice(0, 6)}…`;
}

// Path segments that are capabilities: whoever has them sees the bill.
const SECRET_SEGMENT = /^(\/(?:b|share|api\/shares|r|receipt|app\/receipt)\/)([^/?#]+)(.*)$/;

/**
 * The request target as it may be logged: share tokens and receipt ids cut to a hint, every query
 * value hidden (tokens, anonymous ids and recovery codes travel there).
 * @param {string} target the request's path and query
 * @returns {string}
 */
export function redactTarget(target) {
  const at = target.indexOf('?');
  const path = at < 0 ? target : target.slice(0, at);
  const query = at < 0 ? '' : target.slice(at + 1);
  const match = SECRET_SEGMENT.exec(path);
  const safePath = match ? `${match[1]}${tokenHint(match[2] ?? '')}${(match[3] ?? '').replace(/\/[^/]+/g, '/…')}` : path;
  if (!query) return safePath.slice(0, 200);
  const keys = query.split('&').map((pair) => `${pair.split('=')[0]?.slice(0, 40)}=…`);
  return `${safePath.slice(0, 200)}?${keys.join('&')}`;
}
