import sharp from 'sharp';
import { THUMBNAIL_SIZE_PX, type IMAGE_CONTENT_TYPES } from '@revlane/contracts';

export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** Bytes needed to tell the supported formats apart (WebP's RIFF header is the longest). */
export const SIGNATURE_BYTES = 12;

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type the file's first bytes announce, or null. The client's declared type is
 * ignored: it is whatever the browser guessed from the file name.
 */
export function detectImageType(head: Buffer): ImageContentType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/**
 * A 5 MB file can still decode to gigabytes (a "decompression bomb"); refuse anything
 * above ~50 megapixels instead of letting one upload exhaust the server's memory.
 */
const MAX_INPUT_PIXELS = 50_000_000;

export class ImageUnreadable extends Error {}

/** Square thumbnail, cropped to fill (`cover`), upright per EXIF, metadata stripped. */
export async function renderThumbnail(image: Buffer): Promise<Buffer> {
  try {
    return await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(THUMBNAIL_SIZE_PX, THUMBNAIL_SIZE_PX, { fit: 'cover' })
      .webp()
      .toBuffer();
  } catch (error) {
    // A valid signature followed by garbage, a truncated file, or an image too large.
    throw new ImageUnreadable(error instanceof Error ? error.message : String(error));
  }
}
