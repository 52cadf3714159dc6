/** What the Native Share method needs from the device; injected so the order and fallbacks can be tested. */
export interface ShareEnvironment {
  /** The native shell's share plugin, when running natively. */
  readonly nativeShare: ((data: ShareData) => Promise<void>) | null;
  /** The Web Share API, when the browser has it. */
  readonly webShare: ((data: ShareData) => Promise<void>) | null;
  readonly copyText: (text: string) => Promise<void>;
  readonly alert: (message: string) => void;
  /** localhost and friends: copy instead of sharing, labelled development mode. */
  readonly developmentHost: boolean;
}

export interface ShareData {
  readonly title: string;
  readonly text: string;
  /** Empty when the text carries its own links (a reminder naming several people). */
  readonly url: string;
}

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'alerted';

export const LINK_COPIED_ALERT = 'Link copied to clipboard! You can now paste it in any messaging app.';

/**
 * Native plugin, else Web Share, else the clipboard. A cancelled share is ignored; any
 * other failure copies text and link and says so; if even copying fails, an alert shows everything
 * for copying by hand. On a development host the text is copied (or alerted), never shared.
 */
export async function shareNatively(data: ShareData, env: ShareEnvironment): Promise<ShareOutcome> {
  const full = data.url ? `${data.text}\n${data.url}` : data.text;
  if (env.developmentHost) {
    const labelled = `[Development mode]\n${full}`;
    try {
      await env.copyText(labelled);
      return 'copied';
    } catch {
      env.alert(labelled);
      return 'alerted';
    }
  }
  const share = env.nativeShare ?? env.webShare;
  try {
    if (share === null) {
      await env.copyText(full);
      env.alert(LINK_COPIED_ALERT);
      return 'copied';
    }
    await share(data);
    return 'shared';
  } catch (e) {
    if (isCancel(e)) return 'cancelled';
    try {
      await env.copyText(full);
      env.alert(LINK_COPIED_ALERT);
      return 'copied';
    } catch {
      env.alert(`${data.title}\n\n${data.text}\n\n${data.url}`);
      return 'alerted';
    }
  }
}

function isCancel(e: unknown): boolean {
  const name = (e as { name?: unknown } | null)?.name;
  const message = String((e as { message?: unknown } | null)?.message ?? '');
  return name === 'AbortError' || /cancel/i.test(message);
}

/** The browser's own environment. */
export function browserShareEnvironment(): ShareEnvironment {
  const w = window as unknown as { Capacitor?: { isNativePlatform?: () => boolean; Plugins?: { Share?: { share: (d: ShareData) => Promise<void> } } } };
  const plugin = w.Capacitor?.isNativePlatform?.() ? w.Capacitor.Plugins?.Share : undefined;
  return {
    nativeShare: plugin ? (d) => plugin.share(d) : null,
    webShare: typeof navigator.share === 'function' ? (d) => navigator.share(d.url ? d : { title: d.title, text: d.text }) : null,
    copyText: (text) => navigator.clipboard.writeText(text),
    alert: (message) => window.alert(message),
    developmentHost: isDevelopmentHost(location.hostname),
  };
}

export function isDevelopmentHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.local');
}
