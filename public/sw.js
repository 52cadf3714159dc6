// Who's Paying service worker: keeps the app shell so manual entry, assignment, tip and totals
// work offline after a first visit. The build (src/integrations/service-worker.ts) replaces the
// SHELL line below with the hashed assets of this build and a version derived from them.
const SHELL = { version: 'dev', assets: [] };

const SHELL_CACHE = `shell-${SHELL.version}`;
const PAGES_CACHE = 'pages-v1';
const STATIC_CACHE = 'static-v1';
// Pages cached up front: home (landing or app, as this host serves it), the app and its links.
const SHELL_PAGES = ['/', '/app', '/privacy-policy', '/cookie-policy', '/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll([...SHELL_PAGES, ...SHELL.assets]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, PAGES_CACHE, STATIC_CACHE]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Money, scans and payments always go to the server: never answer them from a cache.
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/functions/')) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, url));
  else if (url.pathname.startsWith('/_astro/')) event.respondWith(cacheFirst(request));
  else event.respondWith(staleWhileRevalidate(request, event));
});

/** Pages: fresh when online; offline, the last copy of this page, else the app shell. */
async function networkFirst(request, url) {
  try {
    const response = await fetch(request);
    // Only the app's own pages, keyed without the query: share and breakdown pages carry a bill
    // in their URL and are not kept on the device.
    if (response.ok && isShellPage(url.pathname)) {
      const copy = response.clone();
      caches.open(PAGES_CACHE).then((cache) => cache.put(url.origin + url.pathname, copy));
    }
    return response;
  } catch (error) {
    // ignoreVary: / varies by Host and User-Agent, and this browser's copy is the right one.
    const cached = await caches.match(request, { ignoreSearch: true, ignoreVary: true });
    if (cached) return cached;
    const shell = await caches.match('/app', { ignoreVary: true });
    if (shell && (url.pathname === '/' || url.pathname.startsWith('/app'))) return shell;
    throw error;
  }
}

function isShellPage(pathname) {
  return SHELL_PAGES.includes(pathname) || pathname === '/landing' || pathname === '/app/';
}

/** Hashed build assets never change under the same name. */
async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function staleWhileRevalidate(request, event) {
  const cached = await caches.match(request);
  const fresh = fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  return fresh;
}
