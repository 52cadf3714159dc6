// Security headers for every response. Plain JavaScript so that scripts/serve.mjs (which answers
// static files before Astro's middleware runs) and the middleware share one policy.
import { createHash } from 'node:crypto';

// Only what the payment providers' own scripts need (Stripe.js, PayPal's JS SDK); both load only
// with live keys, test mode needs none of them.
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};
const PAYPAL = {
  script: ['https://www.paypal.com', 'https://*.paypal.com'],
  connect: ['https://www.paypal.com', 'https://*.paypal.com'],
  frame: ['https://www.paypal.com', 'https://*.paypal.com'],
  img: ['https://www.paypalobjects.com', 'https://*.paypal.com'],
};

/**
 * The Content-Security-Policy for a page whose inline scripts have these hashes. Scripts run only
 * from our origin, the payment providers, or an inline script whose exact text we served; styles may
 * be inline (Astro inlines small stylesheets and islands set style attributes).
 * @param {readonly string[]} scriptHashes `sha256-…` sources
 * @returns {string}
 */
export function contentSecurityPolicy(scriptHashes) {
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((h) => `'${h}'`), ...STRIPE.script, ...PAYPAL.script],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...PAYPAL.img],
    'font-src': ["'self'", 'data:'],
    // data: lets the QR dialog turn its own image into a PNG for the clipboard.
    'connect-src': ["'self'", 'data:', ...STRIPE.connect, ...PAYPAL.connect],
    'frame-src': [...STRIPE.frame, ...PAYPAL.frame],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * `sha256-…` of every inline script in an HTML page, in order, without repeats.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`) || !body) continue;
    hashes.add(hashOf(body));
  }
  return [...hashes];
}

// The inline scripts are the build's own (the theme script, Astro's island loader), so each is
// hashed once per process, not once per page view; the bound keeps an odd page from growing it.
const knownHashes = new Map();
const MAX_KNOWN = 256;

/** @param {string} script */
function hashOf(script) {
  let hash = knownHashes.get(script);
  if (hash === undefined) {
    hash = `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
    if (knownHashes.size < MAX_KNOWN) knownHashes.set(script, hash);
  }
  return hash;
}

/** Headers every response carries; the Content-Security-Policy comes from the page itself. */
export const SECURITY_HEADERS = Object.freeze({
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(self "https://js.stripe.com" "https://www.paypal.com")',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
});
