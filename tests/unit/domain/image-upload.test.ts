import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUpload, imageTypeOf, isStrictBase64 } from '../../../domain/scanning/image-upload';
import { PDF_BYTES, pngClaiming, tinyImage } from '../../support/images';

const limits = { maxBytes: 1024 * 1024, maxPixels: 40_000_000, maxSide: 12_000 };

describe('checkUpload', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('accepts a real %s and reads its size from the header', async (format) => {
    const result = checkUpload(await tinyImage(format, 40, 60), limits);
    expect(result).toEqual({ ok: true, value: { type: `image/${format}`, width: 40, height: 60 } });
  });

  it('reads the size of a progressive JPEG too', async () => {
    const { default: sharp } = await import('sharp');
    const jpeg = await sharp({ create: { width: 33, height: 17, channels: 3, background: 'white' } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(checkUpload(jpeg, limits)).toMatchObject({ ok: true, value: { width: 33, height: 17 } });
  });

  it('refuses a PDF whatever it is called', () => {
    expect(checkUpload(PDF_BYTES, limits)).toEqual({ ok: false, error: { kind: 'not an image' } });
  });

  it('refuses a small file that claims too many pixels, without decoding it', () => {
    expect(checkUpload(pngClaiming(50_000, 50_000), limits)).toMatchObject({ ok: false, error: { kind: 'too many pixels' } });
    expect(checkUpload(pngClaiming(20_000, 10), limits)).toMatchObject({ ok: false, error: { kind: 'too many pixels' } });
  });

  it('refuses an empty or oversize upload', async () => {
    expect(checkUpload(new Uint8Array(), limits)).toEqual({ ok: false, error: { kind: 'empty' } });
    expect(checkUpload(new Uint8Array(limits.maxBytes + 1), limits)).toMatchObject({ ok: false, error: { kind: 'too large' } });
  });

  it('refuses an image type magic number with a broken header', () => {
    expect(checkUpload(Buffer.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9]), limits)).toEqual({ ok: false, error: { kind: 'unreadable header' } });
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe('isStrictBase64', () => {
  it.each([
    ['aGVsbG8=', true],
    ['aGVs\nbG8h', true],
    ['', false],
    ['not base64!', false],
    ['aGVsbG8', false],
    ['data:image/png;base64,aGVsbG8=', false],
    ['aGVsbA==', true],
    ['aGVsbA=', false],
    ['aGVs=bG8', false],
    ['aGVsbG8===', false],
    ['aG==bG8=', false],
    ['aGVsbG8h\r\n aGk=', true],
  ])('%j → %s', (text, expected) => {
    expect(isStrictBase64(text)).toBe(expected);
  });

  it("checks a phone photo's worth of base64 (8 MB) without overflowing the stack", () => {
    const photo = Buffer.alloc(6 * 1024 * 1024, 0xa5).toString('base64');
    expect(isStrictBase64(photo)).toBe(true);
    expect(isStrictBase64(`${photo}!`)).toBe(false);
  });

  it('agrees with what Node decodes and encodes back, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64');
        expect(isStrictBase64(text)).toBe(bytes.length > 0);
      }),
    );
  });
});
