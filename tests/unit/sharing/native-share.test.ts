import { describe, expect, it, vi } from 'vitest';
import { isDevelopmentHost, LINK_COPIED_ALERT, shareNatively, type ShareEnvironment } from '../../../src/client/sharing/native-share';

const data = { title: "Ben's share", text: 'Total: £16.58', url: 'https://whospaying.app/b/X.Y' };

function env(overrides: Partial<ShareEnvironment> = {}) {
  const copied: string[] = [];
  const alerts: string[] = [];
  const e: ShareEnvironment = {
    nativeShare: null,
    webShare: null,
    copyText: async (t) => void copied.push(t),
    alert: (m) => void alerts.push(m),
    developmentHost: false,
    ...overrides,
  };
  return { e, copied, alerts };
}

const cancel = () => Promise.reject(Object.assign(new Error('Share canceled'), { name: 'AbortError' }));
const fail = () => Promise.reject(new Error('boom'));

describe('native share order and fallbacks', () => {
  it('prefers the native plugin over the Web Share API', async () => {
    const native = vi.fn(async () => {});
    const web = vi.fn(async () => {});
    const { e } = env({ nativeShare: native, webShare: web });
    expect(await shareNatively(data, e)).toBe('shared');
    expect(native).toHaveBeenCalledWith(data);
    expect(web).not.toHaveBeenCalled();
  });

  it('uses Web Share without a native plugin, and ignores a cancel silently', async () => {
    const { e, copied, alerts } = env({ webShare: cancel });
    expect(await shareNatively(data, e)).toBe('cancelled');
    expect(copied).toEqual([]);
    expect(alerts).toEqual([]);
  });

  it('falls back to the clipboard with the documents’ alert when sharing fails or is missing', async () => {
    for (const webShare of [fail, null]) {
      const { e, copied, alerts } = env({ webShare });
      expect(await shareNatively(data, e)).toBe('copied');
      expect(copied).toEqual([`${data.text}\n${data.url}`]);
      expect(alerts).toEqual([LINK_COPIED_ALERT]);
    }
    expect(LINK_COPIED_ALERT).toBe('Link copied to clipboard! You can now paste it in any messaging app.');
  });

  it('shows title, text and link for copying by hand when even the clipboard fails', async () => {
    const { e, alerts } = env({ webShare: fail, copyText: fail });
    expect(await shareNatively(data, e)).toBe('alerted');
    expect(alerts).toEqual([`${data.title}\n\n${data.text}\n\n${data.url}`]);
  });

  it('on a development host copies the labelled text and never shares', async () => {
    const web = vi.fn(async () => {});
    const { e, copied } = env({ webShare: web, developmentHost: true });
    expect(await shareNatively(data, e)).toBe('copied');
    expect(copied[0]).toMatch(/^\[Development mode\]\n/);
    expect(web).not.toHaveBeenCalled();
    const { e: noClipboard, alerts } = env({ developmentHost: true, copyText: fail });
    expect(await shareNatively(data, noClipboard)).toBe('alerted');
    expect(alerts[0]).toContain('[Development mode]');
  });

  it('knows the development hosts', () => {
    expect(['localhost', '127.0.0.1', 'pi.local'].map(isDevelopmentHost)).toEqual([true, true, true]);
    expect(isDevelopmentHost('whospaying.app')).toBe(false);
  });
});
