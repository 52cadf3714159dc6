import { afterEach, describe, expect, it, vi } from 'vitest';
import { failureMessage } from '../../../src/client/scanning/analysis-errors';
import { analyzeReceipt } from '../../../src/client/scanning/analyze';

function answer(body: unknown, status = 200, statusText = 'OK'): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText })),
  );
}

async function messageFor(): Promise<string> {
  const result = await analyzeReceipt('aGVsbG8=', 'id-1', 50);
  if (result.ok) throw new Error('expected a failure');
  return failureMessage(result.error);
}

describe('the analysis call and its messages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the image without a data-URL prefix, the prompt and the anonymous id', async () => {
    answer([{ name: 'Soup', pricePence: 500, kind: 'item' }]);
    const result = await analyzeReceipt('aGVsbG8=', 'id-1');
    expect(result.ok && result.value.lines.map((l) => l.label)).toEqual(['Soup']);
    expect(result.ok && result.value.totalPence).toBeNull();
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/functions/v1/analyze-receipt');
    expect(JSON.parse(String(init?.body))).toMatchObject({ image: 'aGVsbG8=', anonymousUserId: 'id-1', prompt: expect.stringContaining('pence') });
  });

  it("keeps the printed total our server found, for the review screen's check, and the merchant, date and currency", async () => {
    answer({ items: [{ name: 'Soup', pricePence: 500, kind: 'item' }], totalPence: 500, merchant: 'The Vine', date: '2014-11-22', currency: 'EUR', reconciliation: { matches: true } });
    const result = await analyzeReceipt('aGVsbG8=', 'id-1');
    expect(result.ok && result.value.totalPence).toBe(500);
    expect(result.ok && result.value).toMatchObject({ merchant: 'The Vine', date: '2014-11-22', currency: 'EUR' });
  });

  it('aborts after the time-out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    expect(await messageFor()).toBe('Request timed out. Please check your internet connection and try again.');
  });

  it('maps each failure to the catalogue text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await messageFor()).toBe('Network error. Please check your internet connection and try again.');
    answer([]);
    expect(await messageFor()).toBe('Please take a clearer photo of the receipt. The image appears to be blurry or unclear.');
    answer({ items: [] });
    expect(await messageFor()).toBe('Please take a clearer photo of the receipt. The image appears to be blurry or unclear.');
    answer({ error: 'The image is blurry' });
    expect(await messageFor()).toBe('Image is too blurry. Please take a clearer photo of the receipt.');
    answer({ error: 'upstream: Failed to fetch' });
    expect(await messageFor()).toBe('Network connection issue. Please check your internet connection and try again.');
    answer({ error: 'Please take a clearer photo of the receipt. The image appears to be blurry or unclear.' }, 422, 'Unprocessable Entity');
    expect(await messageFor()).toBe('Please take a clearer photo of the receipt. The image appears to be blurry or unclear.');
    answer({ error: 'Request timed out. Please check your internet connection and try again.' }, 504, 'Gateway Timeout');
    expect(await messageFor()).toBe('Request timed out. Please check your internet connection and try again.');
    answer({ error: 'quota' }, 429, 'Too Many Requests');
    expect(await messageFor()).toBe('AI Analysis Error: quota');
    answer('bad gateway', 502, 'Bad Gateway');
    expect(await messageFor()).toBe('API error: 502 Bad Gateway - bad gateway');
    answer({ error: 'All free bills used this month. Buy tokens to continue scanning receipts.' }, 402, 'Payment Required');
    expect(await messageFor()).toBe('All free bills used this month. Buy tokens to continue scanning receipts.');
    answer('', 404, 'Not Found');
    expect(await messageFor()).toBe('App configuration error. Please restart the app and try again.');
    answer('not json');
    expect(await messageFor()).toBe('Failed to analyze receipt. Please try again.');
  });

  it("branches on our server's code, whatever its text says", async () => {
    answer({ error: 'Free bills are gone', code: 'allowance_used' }, 402, 'Payment Required');
    const refused = await analyzeReceipt('aGVsbG8=', 'id-1', 50);
    expect(refused.ok ? null : refused.error).toEqual({ kind: 'allowance' });
    answer({ error: 'could not read it', code: 'unclear' }, 422, 'Unprocessable Entity');
    expect(await messageFor()).toBe('Please take a clearer photo of the receipt. The image appears to be blurry or unclear.');
    answer({ error: 'Failed to fetch the model', code: 'read_failed' }, 502, 'Bad Gateway');
    expect(await messageFor()).toBe('Failed to analyze receipt. Please try again.');
    answer({ error: 'Please upload a photo of the receipt as a JPEG, PNG or WebP image.', code: 'not_an_image' }, 415, 'Unsupported Media Type');
    expect(await messageFor()).toBe('AI Analysis Error: Please upload a photo of the receipt as a JPEG, PNG or WebP image.');
  });
});
