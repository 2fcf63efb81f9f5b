import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storedFileSchema, type StoredFile } from '@revlane/contracts';
import { multipartUpload } from '../../../../test/uploads.js';
import { useUploadsApp } from '../../../../test/use-uploads-app.js';

const base = '/content/api/v1';

describe('content service: image upload and capability URLs', () => {
  const s = useUploadsApp('ada@uploads.example');
  const pathOf = (url: string) => new URL(url).pathname;

  it('stores a PNG and answers its capability URLs, then serves it and a 128px WebP thumbnail without a token', async () => {
    const response = await s.upload(s.ada, multipartUpload(s.png, { filename: 'me.png' }));
    expect(response.statusCode).toBe(201);
    const stored: StoredFile = storedFileSchema.parse(response.json<{ data: unknown }>().data);
    expect(stored).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      contentType: 'image/png',
      size: s.png.length,
      url: `http://localhost:3000${base}/files/${stored.id}`,
      thumbnailUrl: `http://localhost:3000${base}/files/${stored.id}/thumbnail`,
    });
    expect(s.storedNames().sort()).toEqual([stored.id, `${stored.id}.thumbnail`]);
    expect(await s.rowsOfOrg()).toEqual([
      expect.objectContaining({ id: stored.id, contentType: 'image/png', size: s.png.length }),
    ]);

    const original = await s.t.app.inject({ method: 'GET', url: pathOf(stored.url) });
    expect(original.statusCode).toBe(200);
    expect(original.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(s.png.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(original.rawPayload.equals(s.png)).toBe(true);

    const thumbnail = await s.t.app.inject({ method: 'GET', url: pathOf(stored.thumbnailUrl) });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const metadata = await sharp(thumbnail.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 128, height: 128 });
  });

  it('detects the type from the bytes, not from the declared type or name', async () => {
    const jpeg = await sharp(s.png).jpeg().toBuffer();
    const response = await s.upload(
      s.ada,
      multipartUpload(jpeg, { filename: 'photo.gif', contentType: 'application/octet-stream' }),
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: StoredFile }>();
    expect(data.contentType).toBe('image/jpeg');
    const served = await s.t.app.inject({ method: 'GET', url: pathOf(data.url) });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['an unknown id', '/files/6f1c1f9e-5a4b-4c47-9a39-7b1e0c2d3e4f'],
    ['an unknown id’s thumbnail', '/files/6f1c1f9e-5a4b-4c47-9a39-7b1e0c2d3e4f/thumbnail'],
    ['a malformed id', '/files/not-a-uuid'],
    ['a path-like id', '/files/..%2F..%2Fetc%2Fpasswd'],
  ])('answers 404 for %s', async (_case, url) => {
    const response = await s.t.app.inject({ method: 'GET', url: `${base}${url}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'File not found' });
    // Never the image's long cache: an error answer is not kept at all.
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
