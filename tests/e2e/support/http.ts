import { request } from 'node:http';
import { baseUrl } from './browser';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A GET to the test server with any Host header (fetch cannot set Host; it names the site we route by). */
export function getAs(path: string, headers: { host?: string; 'user-agent'?: string }): Promise<RawResponse> {
  const target = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const req = request({ hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A JSON POST to the test server, as the app's own pages send one. */
export function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(new URL(path, baseUrl()), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The document title as a browser shows it (entities decoded). */
export function titleOf(html: string): string | undefined {
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return raw?.replace(/&(#\d+|[a-z]+);/g, (entity, name: string) => (name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name] ?? entity)));
}

/** A POST that declares a body of `contentLength` bytes and sends none of it: the answer must come before the body. */
export function postDeclaring(path: string, contentLength: number): Promise<RawResponse> {
  const target = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(contentLength) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    req.flushHeaders();
  });
}

/** Any request, as a client that is not a browser may send it: any method (TRACE, PROPFIND…) and any Host header. */
export function send(path: string, { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string }): Promise<RawResponse> {
  const target = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
