import { startChildClient } from './child-client.js';
import type { DownloadRequest, DownloadResult } from './download-client.js';

export interface DownloadProcess {
  /** GETs the URL in the client process; the result once the last byte has arrived. */
  download: (request: DownloadRequest) => Promise<DownloadResult>;
  close: () => void;
}

/** Starts `download-client.ts` in a child process and waits until it is ready. */
export async function startDownloadProcess(): Promise<DownloadProcess> {
  const client = await startChildClient<DownloadRequest, DownloadResult>(
    new URL('./download-client.ts', import.meta.url),
  );
  return { download: client.ask, close: client.close };
}
