import type { InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { StoredFile } from '@revlane/contracts';
import { files } from '../src/platform/database/schema/index.js';
import { asUser, type TestApp, type TestUser } from './app.js';

/** A real PNG of the given size (noise, so it does not compress to nothing). */
export function makePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export interface FilePart {
  field?: string;
  filename?: string;
  contentType?: string;
}

function partHeader(boundary: string, part: FilePart): string {
  const { field = 'file', filename = 'photo.png', contentType = 'image/png' } = part;
  return (
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`
  );
}

/** A multipart/form-data request body with one file part, as a browser's FormData sends it. */
export function multipartUpload(bytes: Buffer, part: FilePart = {}) {
  const boundary = `----revlane${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(partHeader(boundary, part)),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A streamed upload of `size` bytes (no content-length) that records how much of it the
 * server pulled, to prove a limit stops reading instead of buffering everything.
 */
export function streamedUpload(size: number, part: FilePart = {}) {
  const boundary = `----revlane${randomBytes(8).toString('hex')}`;
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  let pulled = 0;
  function* body() {
    yield Buffer.from(partHeader(boundary, part));
    // PNG signature first: the type check passes and only the size can stop it.
    yield Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    for (let sent = 12; sent < size; sent += chunk.length) {
      pulled = sent;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(body()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    pulledBytes: () => pulled,
  };
}

/** Uploads a small PNG as the user and answers the stored file (its capability URLs). */
export async function uploadPng(t: TestApp, user: TestUser): Promise<StoredFile> {
  const response = await t.app.inject(
    asUser(user, {
      method: 'POST',
      url: '/content/api/v1/files',
      ...multipartUpload(await makePng(64, 48)),
    }),
  );
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json<{ data: StoredFile }>().data;
}

/**
 * What upload tests look at for one organization: the stored file names on disk, the
 * `files` rows, and an upload as a user (or without a token when `user` is null).
 */
export function uploadProbe(t: TestApp, orgId: string) {
  const filesDir = path.join(t.config.dataDir, 'files', orgId);
  return {
    storedNames: () => (existsSync(filesDir) ? readdirSync(filesDir) : []),
    rowsOfOrg: () => t.database.db.select().from(files).where(eq(files.orgId, orgId)),
    upload: (user: TestUser | null, body: { payload: unknown; headers: object }) => {
      const request = { method: 'POST' as const, url: '/content/api/v1/files', ...body } as never;
      return t.app.inject(user ? asUser(user, request) : request);
    },
  };
}

/** A tus PATCH carrying `bytes` from `offset` (the creation-with-upload protocol's part). */
export const tusPatch = (location: string, offset: number, bytes: Buffer): InjectOptions => ({
  method: 'PATCH',
  url: location,
  headers: {
    'upload-offset': String(offset),
    'content-type': 'application/offset+octet-stream',
  },
  payload: bytes,
});
