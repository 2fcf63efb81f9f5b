import { IMAGE_CONTENT_TYPES, MAX_UPLOAD_BYTES } from '@revlane/contracts';

export const PHOTO_ACCEPT = IMAGE_CONTENT_TYPES.join(',');
export const PHOTO_HINT = 'PNG, JPEG, WebP or GIF, up to 5 MB.';

/**
 * The same rules the content service applies (415, 413), checked before uploading so the
 * user learns at once and no bytes are sent for nothing.
 */
export function getPhotoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a PNG, JPEG, WebP or GIF image.';
  }
  if (file.size > MAX_UPLOAD_BYTES) return 'The image must be 5 MB or smaller.';
  return null;
}
