import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, SECURITY_HEADERS } from '../../../src/server/edge/security-headers.mjs';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('the Content-Security-Policy', () => {
  it('allows exactly the inline scripts of the page, never external ones by hash', () => {
    const theme = "(function(){document.documentElement.dataset.theme='dark'})()";
    const html = `<head><script>${theme}</script><script type="module" src="/_astro/a.js"></script></head><body><script type="module">import "/_astro/b.js";</script><script>${theme}</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(theme), sha256('import "/_astro/b.js";')]);
  });

  it('never allows inline scripts wholesale, plugins, base changes or framing', () => {
    const directives = Object.fromEntries(
      contentSecurityPolicy(['sha256-abc='])
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives['script-src']).toContain("'sha256-abc='");
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(directives['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.paypal.com']));
  });

  it('comes with HSTS, nosniff, a referrer policy and the camera for this site only', () => {
    expect(SECURITY_HEADERS).toMatchObject({
      'strict-transport-security': expect.stringMatching(/max-age=\d{7,}/),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': expect.stringContaining('camera=(self)'),
    });
  });
});
