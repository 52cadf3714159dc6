import { describe, expect, it } from 'vitest';
import { PDF_BYTES, tinyImage } from '../support/images';
import { baseUrl } from './support/browser';

const analyze = (body: unknown) =>
  fetch(`${baseUrl()}/functions/v1/analyze-receipt`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl() }, body: JSON.stringify(body) });

async function billsUsed(anonymousUserId: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/usage?anonymousUserId=${anonymousUserId}`);
  return ((await response.json()) as { billsUsed: number }).billsUsed;
}

describe('POST /functions/v1/analyze-receipt on the running server (local reader, real metering)', () => {
  it('refuses a PDF renamed .jpg without taking a free bill', async () => {
    const user = crypto.randomUUID();
    const response = await analyze({ image: PDF_BYTES.toString('base64'), anonymousUserId: user });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'Please upload a photo of the receipt as a JPEG, PNG or WebP image.', code: 'not_an_image' });
    expect(await billsUsed(user)).toBe(0);
  });

  it('gives the free bill back when a blank photo yields nothing', async () => {
    const user = crypto.randomUUID();
    const response = await analyze({ image: (await tinyImage('png', 300, 400)).toString('base64'), anonymousUserId: user });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: 'Please take a clearer photo of the receipt. The image appears to be blurry or unclear.', code: 'unclear' });
    expect(await billsUsed(user)).toBe(0);
  });
});
