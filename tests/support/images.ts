import sharp from 'sharp';

/** A small real image of the given type, for upload tests. */
export async function tinyImage(format: 'jpeg' | 'png' | 'webp', width = 40, height = 60): Promise<Buffer> {
  const blank = sharp({ create: { width, height, channels: 3, background: { r: 250, g: 250, b: 250 } } });
  return blank[format]().toBuffer();
}

/** A PNG whose header claims a huge size: tiny on the wire, a decompression bomb if decoded. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const size = Buffer.alloc(8);
  size.writeUInt32BE(width, 0);
  size.writeUInt32BE(height, 4);
  return Buffer.concat([header, size, Buffer.from([8, 2, 0, 0, 0, 0, 0, 0, 0])]);
}

export const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * A phone-sized photo made from a real receipt: enlarged to `width` × `height` as a camera would
 * take it, optionally stored turned a quarter to the left with EXIF orientation 6 saying "show me
 * turned right", as phones store portrait shots.
 */
export async function phonePhoto(receipt: Buffer, width: number, height: number, sideways = false): Promise<Buffer> {
  const upright = await sharp(receipt).resize({ width, height, fit: 'fill', kernel: 'lanczos3' }).toBuffer();
  if (!sideways) return sharp(upright).jpeg({ quality: 92 }).toBuffer();
  return sharp(await sharp(upright).rotate(-90).toBuffer())
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}
