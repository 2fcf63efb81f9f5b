import { CONTENT_API, storedFileSchema, type StoredFile } from '@revlane/contracts';
import type { AxiosProgressEvent } from 'axios';
import type { ApiClient } from '@/common/api';

/**
 * `POST {content}/files`, multipart with the field `file`. The content service answers 413
 * (too large) or 415 (not an image) with a message the form shows as it is.
 */
export async function uploadPhotoFile(
  client: ApiClient,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<StoredFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const data = await client.post<unknown>(CONTENT_API.files, body, {
    onUploadProgress: ({ loaded, total }: AxiosProgressEvent) => {
      if (total) onProgress?.(Math.round((loaded / total) * 100));
    },
  });
  return storedFileSchema.parse(data);
}
