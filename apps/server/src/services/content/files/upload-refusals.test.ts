import { describe, expect, it } from 'vitest';
import { asUser } from '../../../../test/app.js';
import { multipartUpload, streamedUpload } from '../../../../test/uploads.js';
import { useUploadsApp } from '../../../../test/use-uploads-app.js';
import { files } from '../../../platform/database/schema/index.js';

const base = '/content/api/v1';

describe('content service: refused uploads store nothing', () => {
  const s = useUploadsApp('ada@uploads.example');

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const before = { rows: (await s.rowsOfOrg()).length, names: s.storedNames() };
    const big = Buffer.concat([s.png, Buffer.alloc(6 * 1024 * 1024 - s.png.length, 7)]);
    const response = await s.upload(s.ada, multipartUpload(big));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'payload_too_large',
      message: 'The file is larger than 5 MB.',
    });
    expect((await s.rowsOfOrg()).length).toBe(before.rows);
    expect(s.storedNames()).toEqual(before.names);
  });

  it('over HTTP, answers 413 while the client is still sending, stops reading, and closes the connection', async () => {
    const before = s.storedNames();
    const address = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const body = streamedUpload(50 * 1024 * 1024);
    const controller = new AbortController();
    try {
      const response = await fetch(`${address}${base}/files`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${s.ada.token}` },
        body: body.payload,
        signal: controller.signal,
        duplex: 'half',
      });
      expect(response.status).toBe(413);
      expect(response.headers.get('connection')).toBe('close');
      expect(await response.json()).toMatchObject({ error: 'payload_too_large' });
      // The server read a little past 5 MB, not the 50 MB the client was sending.
      expect(body.pulledBytes()).toBeLessThan(16 * 1024 * 1024);
    } finally {
      controller.abort();
    }
    expect(s.storedNames()).toEqual(before);
  });

  it.each([
    ['a text file named .png and declared image/png', () => Buffer.from('hello, not an image\n')],
    [
      'a PNG signature followed by garbage',
      () => Buffer.concat([s.png.subarray(0, 16), Buffer.alloc(4096, 1)]),
    ],
    ['an empty file', () => Buffer.alloc(0)],
  ])('refuses %s with 415 and stores nothing', async (_case, bytesOf) => {
    const bytes = bytesOf();
    const before = { rows: (await s.rowsOfOrg()).length, names: s.storedNames() };
    const response = await s.upload(s.ada, multipartUpload(bytes, { filename: 'fake.png' }));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'Only PNG, JPEG, WebP or GIF images can be uploaded.',
    });
    expect((await s.rowsOfOrg()).length).toBe(before.rows);
    expect(s.storedNames()).toEqual(before.names);
  });

  it.each([
    ['another field name', () => multipartUpload(s.png, { field: 'avatar' })],
    ['a JSON body', () => ({ payload: { file: 'x' }, headers: {} })],
    ['no body at all', () => ({ payload: undefined, headers: {} })],
  ])('answers 400 naming `file` for %s', async (_case, body) => {
    const response = await s.upload(s.ada, body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'bad_request',
      errors: [{ path: 'body.file' }],
    });
  });

  it('answers 401 to an upload without a token and stores nothing', async () => {
    const before = { rows: (await s.t.database.db.select().from(files)).length };
    const response = await s.upload(null, multipartUpload(s.png));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthorized' });
    expect((await s.t.database.db.select().from(files)).length).toBe(before.rows);
  });

  it('parses multipart only on the upload route: other routes still refuse it with 415', async () => {
    const response = await s.t.app.inject(
      asUser(s.ada, {
        method: 'PATCH',
        url: '/user/api/v1/users/me',
        ...multipartUpload(s.png),
      }),
    );
    expect(response.statusCode).toBe(415);
  });
});
