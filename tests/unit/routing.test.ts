import { describe, expect, it } from 'vitest';
import { homeFor, hostName, linkOrigin, NATIVE_SHELL_TOKEN } from '../../src/server/middleware/routing';

const OWN = ['whospaying.app', 'www.whospaying.app'];
const visit = (host: string | null, userAgent: string | null = 'Mozilla/5.0') => ({ host, userAgent });

describe('the page that answers /', () => {
  it.each(['whospaying.app', 'WWW.WhosPaying.app:443', 'localhost:4321', 'app.localhost', '127.0.0.1:4321', '[::1]:4321'])('is the landing page on the own domain or local host %s', (host) =>
    expect(homeFor(visit(host), OWN)).toBe('/landing'),
  );

  it.each(['bills.example.com', 'whospaying.app.evil.example', 'example.org:8080', '10.0.0.7'])('is the app on another host %s', (host) => expect(homeFor(visit(host), OWN)).toBe('/app'));

  it('is the app inside the native shell, even on localhost', () => {
    expect(homeFor(visit('localhost', `Mozilla/5.0 (iPhone) ${NATIVE_SHELL_TOKEN}/1.0`), OWN)).toBe('/app');
  });

  it('follows the configured domains', () => {
    expect(homeFor(visit('split.example.com'), ['split.example.com'])).toBe('/landing');
    expect(homeFor(visit('whospaying.app'), ['split.example.com'])).toBe('/app');
  });

  it('treats a request without a Host header as local', () => {
    expect(homeFor(visit(null), OWN)).toBe('/landing');
  });
});

describe('hostName', () => {
  it('drops the port and a trailing dot, and lower-cases', () => {
    expect(hostName('WhosPaying.App.:8443')).toBe('whospaying.app');
    expect(hostName('[::1]:80')).toBe('::1');
  });
});

describe('linkOrigin: the origin of links we hand out without PUBLIC_BASE_URL', () => {
  const ours = ['whospaying.app', 'www.whospaying.app'];
  it('keeps a local origin as it is, port and scheme included', () => {
    expect(linkOrigin('http://localhost:4321', ours)).toBe('http://localhost:4321');
    expect(linkOrigin('http://127.0.0.1:8080', ours)).toBe('http://127.0.0.1:8080');
    expect(linkOrigin('http://[::1]:4321', ours)).toBe('http://[::1]:4321');
  });
  it('serves a product domain over https, whatever the proxy told us', () => {
    expect(linkOrigin('http://www.whospaying.app', ours)).toBe('https://www.whospaying.app');
  });
  it("never takes a stranger's Host: links point at the first product domain", () => {
    expect(linkOrigin('http://evil.example', ours)).toBe('https://whospaying.app');
    expect(linkOrigin('http://whospaying.app.evil.example:4321', ours)).toBe('https://whospaying.app');
    expect(linkOrigin('not a url', ours)).toBe('https://whospaying.app');
  });
});
