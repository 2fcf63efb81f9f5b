import { z } from 'zod';

/** Images a profile photo may be; anything else is a 415. */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const THUMBNAIL_SIZE_PX = 128;

/**
 * A stored file of the content service. `url` and `thumbnailUrl` are unguessable
 * capability URLs (an <img> cannot send a bearer token).
 */
export const storedFileSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** Content service paths (relative to its base URL). Upload: multipart field `file`. */
export const CONTENT_API = {
  files: 'files',
  file: (fileId: string) => `files/${fileId}`,
  thumbnail: (fileId: string) => `files/${fileId}/thumbnail`,
} as const;
