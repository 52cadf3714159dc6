// The service worker (public/sw.js) caches the app shell so manual splits work offline. It is
// registered after load so it never competes with the page for bandwidth.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a service worker the site still works online; nothing to tell the user.
    });
  });
}
export {};
