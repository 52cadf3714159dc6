/**
 * Phone photos are 12 MP and more (4–6 MB, 6–8 MB as base64): far more than the reader needs,
 * slow to upload on a mobile connection, and over the server's cap. Every photo is redrawn
 * upright (EXIF orientation applied) with its long edge at most this, as a JPEG.
 */
export const UPLOAD_LONG_EDGE = 2400;
const UPLOAD_JPEG_QUALITY = 0.88;
/** A photo already this small, and no larger than the long edge, is sent as it is. */
const SEND_AS_IS_BYTES = 1.5 * 1024 * 1024;

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** The size to redraw a photo at: its long edge brought down to `longEdge`, never enlarged. */
export function uploadSize(photo: Size, longEdge = UPLOAD_LONG_EDGE): Size {
  const scale = Math.min(1, longEdge / Math.max(photo.width, photo.height));
  return { width: Math.max(1, Math.round(photo.width * scale)), height: Math.max(1, Math.round(photo.height * scale)) };
}

/**
 * The photo to upload: redrawn smaller and upright, or the file itself when it is small already
 * or this browser cannot decode it (the server then says what is wrong with it).
 */
export async function downsizeForUpload(photo: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return photo;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  } catch {
    return photo;
  }
  try {
    const size = uploadSize(bitmap);
    if (size.width === bitmap.width && size.height === bitmap.height && photo.size <= SEND_AS_IS_BYTES) return photo;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (context === null) return photo;
    // JPEG has no transparency: a transparent PNG would turn black behind its print.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', UPLOAD_JPEG_QUALITY));
    return jpeg ?? photo;
  } finally {
    bitmap.close();
  }
}
