import { UPLOAD_METADATA } from '@revlane/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { useApiClient } from '@/common/api';
import { useAppConfig } from '@/common/config';
import { TransferRate } from '../lib/transfer-rate';

export interface UploadProgress {
  bytesSent: number;
  bytesTotal: number;
  /** Bytes per second over the last seconds, null until measured. */
  speed: number | null;
  secondsLeft: number | null;
  /** Where a resumed upload started (an earlier attempt's bytes), else 0. */
  resumedFrom: number;
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; progress: UploadProgress }
  | { status: 'done'; fileName: string; sourceId: string; syncId: string }
  | { status: 'failed'; fileName: string; message: string };

/** Headers the transfer service answers a finished upload with (its source and sync). */
const SOURCE_HEADER = 'Revlane-Source-Id';
const SYNC_HEADER = 'Revlane-Sync-Id';
/** Retries after a dropped connection: tus asks the server's offset and goes on from there. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

/**
 * A resumable CSV upload to the transfer service (tus 1.0, docs/architecture.md §3.1). The
 * browser keeps each unfinished upload's address under the file's fingerprint (tus's URL
 * storage in local storage), so dropping the same file again after a reload resumes it.
 */
export function useCsvUpload() {
  const client = useApiClient('transfer');
  const endpoint = `${useAppConfig().services.transfer.replace(/\/$/, '')}/files`;
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const current = useRef<Upload | null>(null);

  useEffect(() => () => void current.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      const rate = new TransferRate();
      let resumedFrom = 0;
      let finished: { sourceId: string; syncId: string } | null = null;
      const upload = new Upload(file, {
        endpoint,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { [UPLOAD_METADATA.fileName]: file.name, filetype: file.type || 'text/csv' },
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        // Every request carries the session's bearer token (asked each time: it may renew).
        onBeforeRequest: async (request) => {
          for (const [name, value] of Object.entries(await client.authHeaders()))
            request.setHeader(name, value);
        },
        onAfterResponse: (request, response) => {
          // A resumed upload first asks the server how far the earlier attempt got.
          if (request.getMethod() === 'HEAD')
            resumedFrom = Number(response.getHeader('Upload-Offset') ?? 0);
          const sourceId = response.getHeader(SOURCE_HEADER);
          const syncId = response.getHeader(SYNC_HEADER);
          if (sourceId && syncId) finished = { sourceId, syncId };
        },
        onProgress: (bytesSent, bytesTotal) => {
          rate.add(bytesSent);
          setState({
            status: 'uploading',
            fileName: file.name,
            progress: {
              bytesSent,
              bytesTotal,
              speed: rate.speed(),
              secondsLeft: rate.secondsLeft(bytesTotal),
              resumedFrom,
            },
          });
        },
        onSuccess: () => {
          if (finished) setState({ status: 'done', fileName: file.name, ...finished });
          else
            setState({
              status: 'failed',
              fileName: file.name,
              message: 'The upload finished but the server did not name its source.',
            });
        },
        onError: (error) => {
          setState({ status: 'failed', fileName: file.name, message: uploadErrorText(error) });
        },
      });
      current.current = upload;
      const previous = await upload.findPreviousUploads();
      const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) upload.resumeFromPreviousUpload(latest);
      setState({
        status: 'uploading',
        fileName: file.name,
        progress: {
          bytesSent: 0,
          bytesTotal: file.size,
          speed: null,
          secondsLeft: null,
          resumedFrom,
        },
      });
      upload.start();
    },
    [client, endpoint],
  );

  return { state, start };
}

/** The server's refusal (tus answers plain text) or the transport's reason. */
function uploadErrorText(error: Error): string {
  const response = (error as { originalResponse?: { getBody(): string; getStatus(): number } })
    .originalResponse;
  const body = response?.getBody().trim();
  if (response && body) return body;
  return 'The upload failed. Check your connection and drop the file again to resume.';
}
