/**
 * A download client in its own process, as a browser is: it reads the body of one GET per
 * message from the parent, counts its bytes (and its lines when asked) and drops it, and
 * answers once the last byte is in. A client in the server's process would take CPU from the
 * server it measures (the machine has two cores), and its memory would count as the server's.
 */
import http from 'node:http';
import { countLines } from './export-measure.js';

export interface DownloadRequest {
  url: string;
  /** Count line feeds too (CPU the client would otherwise not spend). */
  countLines: boolean;
}

export interface DownloadResult {
  status: number;
  /** Null when not counted. */
  lines: number | null;
  bytes: number;
}

function download({ url, countLines: withLines }: DownloadRequest): Promise<DownloadResult> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let lines = 0;
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          if (withLines) lines += countLines(chunk);
          bytes += chunk.byteLength;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, lines: withLines ? lines : null, bytes }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

process.on('message', (request: DownloadRequest) => {
  download(request).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
process.send?.({ ready: true });
