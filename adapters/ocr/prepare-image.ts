import sharp from 'sharp';

/** Width the OCR sees: receipt text is small, and tesseract reads best at ~30 px per line. */
const TARGET_WIDTH = 1600;
const MAX_WIDTH = 2000;

/**
 * Gets a photo ready for OCR: turned upright from its EXIF orientation, small photos scaled up
 * (and huge ones down), colour dropped and contrast stretched. Tesseract thresholds on its own
 * (Otsu), which copes with uneven light better than one global threshold here.
 */
export async function prepareForOcr(bytes: Uint8Array): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();
  const { width = TARGET_WIDTH, height = TARGET_WIDTH, orientation = 1 } = await image.metadata();
  const uprightWidth = orientation >= 5 ? height : width;
  const targetWidth = Math.min(Math.max(uprightWidth, TARGET_WIDTH), MAX_WIDTH);
  return image.resize({ width: targetWidth, kernel: 'lanczos3' }).greyscale().normalise().png({ compressionLevel: 1 }).toBuffer();
}
