/**
 * A tus 1.0 upload client in its own process, as a browser is: it creates the upload, then
 * streams the file in PATCHes of `chunkBytes` (read from disk as they are sent, not buffered
 * whole), and answers once the last PATCH is acknowledged. In the server's process its CPU
 * would be charged to the server it measures (Node's `fetch` with a large Buffer body also
 * copies it over and over, which a browser does not).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export interface UploadRequest {
  /** The tus endpoint (`…/transfer/files`). */
  endpoint: string;
  headers: Record<string, string>;
  file: string;
  fileName: string;
  chunkBytes: number;
  /** Paces the upload to this rate, as a network link would (default: as fast as it goes). */
  bytesPerSecond?: number;
}

export interface UploadResult {
  bytes: number;
  /** The source and sync the finished upload started (the server's answer headers). */
  sourceId: string | null;
  syncId: string | null;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

const agent = new http.Agent({ keepAlive: true });

/** The file's bytes no faster than `bytesPerSecond`, measured from the upload's start. */
async function* paced(
  source: AsyncIterable<Buffer>,
  bytesPerSecond: number,
  startedAt: number,
  sentBefore: number,
) {
  let sent = sentBefore;
  for await (const chunk of source) {
    sent += chunk.length;
    const due = startedAt + (sent / bytesPerSecond) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    yield chunk;
  }
}

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: NodeJS.ReadableStream,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    if (body) pipeline(body, request).catch(reject);
    else request.end();
  });
}

async function upload(request: UploadRequest): Promise<UploadResult> {
  const size = (await stat(request.file)).size;
  const tus = { ...request.headers, 'tus-resumable': '1.0.0' };
  const created = await send(request.endpoint, 'POST', {
    ...tus,
    'upload-length': String(size),
    'upload-metadata': `filename ${Buffer.from(request.fileName).toString('base64')}`,
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status}`);
  const location = new URL(String(created.headers.location), request.endpoint).toString();
  let last: Answer | null = null;
  const startedAt = performance.now();
  for (let offset = 0; offset < size; offset += request.chunkBytes) {
    const length = Math.min(request.chunkBytes, size - offset);
    const bytes = createReadStream(request.file, {
      start: offset,
      end: offset + length - 1,
      highWaterMark: 1 << 20,
    });
    last = await send(
      location,
      'PATCH',
      {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
      },
      request.bytesPerSecond
        ? Readable.from(paced(bytes, request.bytesPerSecond, startedAt, offset))
        : bytes,
    );
    if (last.status !== 204) throw new Error(`tus patch: ${last.status}`);
  }
  const header = (name: string) => {
    const value = last?.headers[name];
    return typeof value === 'string' ? value : null;
  };
  return { bytes: size, sourceId: header('revlane-source-id'), syncId: header('revlane-sync-id') };
}

process.on('message', (request: UploadRequest) => {
  upload(request).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
process.send?.({ ready: true });
