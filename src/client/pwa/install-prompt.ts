import { DISMISS_KEY, shouldShowInstallPrompt, storeFor } from './install-rules';

/** Chromium's install offer; not in TypeScript's DOM library. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

declare global {
  interface Window {
    /** An offer made before this module ran, kept by the page's inline script (app.astro). */
    installOffer?: BeforeInstallPromptEvent;
  }
}

let card: HTMLElement | null = null;
let offer: BeforeInstallPromptEvent | null = null;
let due = false;

const standalone = (): boolean => matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

function dismissedAt(): string | null {
  try {
    return localStorage.getItem(DISMISS_KEY);
  } catch {
    return null;
  }
}

function render(): void {
  if (card) card.hidden = !shouldShowInstallPrompt({ offered: offer !== null, due, standalone: standalone(), dismissedAt: dismissedAt(), now: Date.now() });
}

/**
 * Runs the page's install card (InstallPrompt.astro), once per page. `due`: the card may show as
 * soon as the browser offers installation (the landing page), or only after `installPromptDue()`
 * (the app calls it when a bill reaches its summary: people install what has just been useful).
 */
export function startInstallPrompt(options: { readonly due: boolean }): void {
  card = document.querySelector<HTMLElement>('[data-install-prompt]');
  due = options.due;
  offer = window.installOffer ?? null;
  render();
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's offer for our own card instead of its mini-infobar.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    render();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    render();
  });
  card?.querySelector('[data-install]')?.addEventListener('click', () => {
    const pending = offer;
    offer = null;
    render();
    void pending?.prompt();
  });
  card?.querySelector('[data-later]')?.addEventListener('click', () => {
    try {
      localStorage.setItem(DISMISS_KEY, String(Date.now()));
    } catch {
      // Without storage the card just stays hidden for this visit.
    }
    render();
  });
  // Download buttons point at Google Play in the HTML; iPhone and iPad get Apple's store instead.
  if (storeFor(navigator.userAgent, navigator.maxTouchPoints) === 'apple') {
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-store-link]')) {
      link.href = link.dataset['appleHref'] ?? link.href;
      const label = link.querySelector('[data-store-label]');
      if (label && link.dataset['appleLabel']) label.textContent = link.dataset['appleLabel'];
    }
  }
}

/** The moment to offer has come (see startInstallPrompt). */
export function installPromptDue(): void {
  due = true;
  render();
}
