import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Makes `file` a named pipe (FIFO, mode 0600): the connector writes the load file into it
 * while the warehouse reads it, so the extract and the load overlap and the rows never sit
 * on disk (ADR 0027). False where no pipe can be made (no `mkfifo`, e.g. Windows): the
 * caller then writes a file first and loads it after.
 */
export async function createCsvPipe(file: string): Promise<boolean> {
  if (process.platform === 'win32') return false;
  try {
    await run('mkfifo', ['-m', '600', file]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Releases whichever side still waits in `open()` on the pipe because the other side failed
 * before opening it: opened read-write (Linux does not block on that) and closed at once, a
 * waiting reader then sees the end of the data and a waiting writer a broken pipe, so
 * neither holds a thread for ever.
 */
export async function releaseCsvPipe(file: string): Promise<void> {
  const handle = await open(file, constants.O_RDWR | constants.O_NONBLOCK).catch(() => null);
  await handle?.close();
}
