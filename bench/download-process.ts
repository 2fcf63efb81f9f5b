import { fork, type ChildProcess } from 'node:child_process';
import type { DownloadRequest, DownloadResult } from './download-client.js';

export interface DownloadProcess {
  /** GETs the URL in the client process; the result once the last byte has arrived. */
  download: (request: DownloadRequest) => Promise<DownloadResult>;
  close: () => void;
}

const nextMessage = (child: ChildProcess) =>
  new Promise<unknown>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the download client exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });

/** Starts `download-client.ts` in a child process and waits until it is ready. */
export async function startDownloadProcess(): Promise<DownloadProcess> {
  const child = fork(new URL('./download-client.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
  });
  await nextMessage(child);
  return {
    download: async (request) => {
      const answer = nextMessage(child);
      child.send(request);
      const result = (await answer) as DownloadResult | { error: string };
      if ('error' in result) throw new Error(result.error);
      return result;
    },
    close: () => child.kill(),
  };
}
