/** A dismissed install prompt stays hidden for 24 hours. */
export const DISMISS_KEY = 'pwa-prompt-dismissed';
export const DISMISS_FOR_MS = 24 * 60 * 60 * 1000;

export interface InstallContext {
  /** The browser has offered installation (a `beforeinstallprompt` event was kept). */
  readonly offered: boolean;
  /** The page's moment to offer has come: at once on the landing page, once a bill is split in the app. */
  readonly due: boolean;
  /** Already running as an installed app. */
  readonly standalone: boolean;
  /** The stored dismissal (epoch ms as text), or null. */
  readonly dismissedAt: string | null;
  readonly now: number;
}

export function shouldShowInstallPrompt({ offered, due, standalone, dismissedAt, now }: InstallContext): boolean {
  if (!offered || !due || standalone) return false;
  const at = dismissedAt === null ? Number.NaN : Number(dismissedAt);
  return !(Number.isFinite(at) && now - at < DISMISS_FOR_MS && at <= now);
}

export type Store = 'apple' | 'google';

/** Apple's store for iPhone and iPad (iPadOS reports itself as a Mac with touch), Google Play otherwise. */
export function storeFor(userAgent: string, maxTouchPoints: number): Store {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'apple';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'apple';
  return 'google';
}
