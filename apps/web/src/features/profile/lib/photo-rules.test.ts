import { MAX_UPLOAD_BYTES } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import { getPhotoFileProblem } from './photo-rules';

describe('getPhotoFileProblem', () => {
  it('accepts the four image types up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(getPhotoFileProblem({ type, size: MAX_UPLOAD_BYTES })).toBeNull();
    }
  });

  it('rejects other types and larger files with a clear message', () => {
    expect(getPhotoFileProblem({ type: 'application/pdf', size: 10 })).toBe(
      'Choose a PNG, JPEG, WebP or GIF image.',
    );
    expect(getPhotoFileProblem({ type: 'image/svg+xml', size: 10 })).not.toBeNull();
    expect(getPhotoFileProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'The image must be 5 MB or smaller.',
    );
  });
});
