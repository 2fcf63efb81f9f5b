import { execFile } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface NamedPipe {
  /** Where a writer (DuckDB's COPY) opens the pipe. */
  path: string;
  /** The bytes written, as they are written; ends once `endWrites()` was called. */
  output: Socket;
  /** Lets `output` end: called after the real writer has closed its end. */
  endWrites(): void;
  /** Closes our ends and deletes the pipe and its directory. */
  remove(): Promise<void>;
}

/**
 * A FIFO in a private temp directory, so DuckDB's COPY can write CSV straight into this
 * process: no file on disk, and the pipe's 64 KB buffer is the backpressure (DuckDB's
 * writer waits while the HTTP response is slow).
 *
 * Both ends are opened here without blocking. Our own write end keeps the reader from
 * seeing end-of-file before DuckDB has opened the pipe; the read end keeps DuckDB's open
 * from blocking forever. The read end is a socket, not a file stream: a file stream would
 * park a libuv thread in a blocking read while the pipe is empty.
 */
export async function openNamedPipe(): Promise<NamedPipe> {
  const directory = await mkdtemp(path.join(tmpdir(), 'revlane-export-'));
  const file = path.join(directory, 'rows.csv');
  let readEnd: number | null = null;
  let writeEnd: number | null = null;
  try {
    await run('mkfifo', ['-m', '600', file]);
    readEnd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    writeEnd = openSync(file, constants.O_WRONLY | constants.O_NONBLOCK);
    const output = new Socket({ fd: readEnd, readable: true, writable: false });
    const endWrites = () => {
      if (writeEnd !== null) closeSync(writeEnd);
      writeEnd = null;
    };
    return {
      path: file,
      output,
      endWrites,
      async remove() {
        endWrites();
        output.destroy();
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const fd of [readEnd, writeEnd]) if (fd !== null) closeSync(fd);
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
