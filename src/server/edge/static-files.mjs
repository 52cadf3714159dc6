// The built client files (dist/client: hashed assets, icons, the service worker, prerendered
// pages), read into memory once at start, so a request never looks on disk: a file is answered
// from memory, anything else goes straight to the app. Text files are compressed (brotli or gzip,
// as the client accepts) once, at the highest levels, off the event loop: all of them in the
// background from the start, and a request that comes first waits for its own file only. Hashed
// assets are cached by browsers for a year.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodingFor } from './page-cache.mjs';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml']);

/**
 * @typedef {{ body: Buffer, compressed: { br?: Promise<Buffer>, gzip?: Promise<Buffer> } | null, headers: Record<string, string> }} StaticFile
 */

const compressors = {
  br: (/** @type {Buffer} */ body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (/** @type {Buffer} */ body) => promisify(gzip)(body, { level: 9 }),
};

/**
 * The file's body in this encoding, compressed once.
 * @param {StaticFile} file
 * @param {'br' | 'gzip'} encoding
 * @returns {Promise<Buffer>}
 */
function compressed(file, encoding) {
  return (file.compressed[encoding] ??= compressors[encoding](file.body));
}

/**
 * Reads the client directory. `answer` answers a request for one of its files (returning true),
 * or returns false to pass the request on. Prerendered pages carry the policy for their own inline
 * scripts; every other file `everyPolicy`, the policy of all of them together.
 * @param {URL} clientDir
 */
export async function staticFiles(clientDir) {
  const root = fileURLToPath(clientDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    files.push({ relative, body: await readFile(path.join(root, relative)) });
  }
  const pageHashes = new Map(files.filter((f) => f.relative.endsWith('.html')).map((f) => [f.relative, inlineScriptHashes(f.body.toString('utf8'))]));
  const everyPolicy = contentSecurityPolicy([...new Set([...pageHashes.values()].flat())]);

  /** @type {Map<string, StaticFile>} */
  const byPath = new Map();
  for (const { relative, body } of files) {
    const extension = path.extname(relative).toLowerCase();
    const compressible = COMPRESSIBLE.has(extension);
    const hashes = pageHashes.get(relative);
    /** @type {StaticFile} */
    const file = {
      body,
      compressed: compressible ? {} : null,
      headers: {
        'content-type': TYPES[extension] ?? 'application/octet-stream',
        'cache-control': relative.startsWith('_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        'content-security-policy': hashes ? contentSecurityPolicy(hashes) : everyPolicy,
        ...(compressible ? { vary: 'Accept-Encoding' } : {}),
      },
    };
    byPath.set(`/${relative}`, file);
    // A prerendered page answers at its clean URL, with or without the trailing slash.
    const page = /^(.+)\/index\.html$/.exec(relative)?.[1];
    if (page) for (const alias of [`/${page}`, `/${page}/`]) byPath.set(alias, file);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {boolean}
   */
  function answer(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const target = req.url ?? '/';
    const at = target.indexOf('?');
    const file = byPath.get(at < 0 ? target : target.slice(0, at));
    if (file === undefined) return false;
    if (req.headers['if-none-match'] === file.headers.etag) {
      res.writeHead(304, file.headers);
      res.end();
      return true;
    }
    const encoding = file.compressed ? encodingFor(req.headers['accept-encoding']) : null;
    const send = (/** @type {Buffer} */ body) => {
      res.writeHead(200, { ...file.headers, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (encoding === null) send(file.body);
    else compressed(file, encoding).then(send, (error) => res.destroy(error));
    return true;
  }
  for (const file of new Set(byPath.values())) if (file.compressed) for (const encoding of /** @type {const} */ (['br', 'gzip'])) compressed(file, encoding).catch(() => undefined);
  return { answer, everyPolicy };
}
