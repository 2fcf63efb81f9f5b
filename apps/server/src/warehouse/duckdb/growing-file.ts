import { open } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

const READ_BYTES = 256 * 1024;
/** How long to wait for more bytes once the reader has caught up with the writer. */
const CATCH_UP_PAUSE_MS = 5;

/**
 * Reads a file while another party writes it sequentially, until `writing` settles and the
 * last byte is read; then rethrows the writer's error, if any. Memory stays at one read
 * buffer. The file must exist before the call (so its first bytes are never missed).
 */
export async function* readWhileWritten(
  file: string,
  writing: Promise<unknown>,
): AsyncGenerator<Buffer> {
  let settled = false;
  const done = writing.then(
    () => (settled = true),
    () => (settled = true),
  );
  const handle = await open(file, 'r');
  try {
    let position = 0;
    for (;;) {
      // Read after noting whether the writer had finished: bytes it wrote before finishing
      // are then certain to be seen by this read or a later one.
      const finished = settled;
      const buffer = Buffer.allocUnsafe(READ_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, position);
      if (bytesRead > 0) {
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
      } else if (finished) break;
      else await Promise.race([done, sleep(CATCH_UP_PAUSE_MS)]);
    }
  } finally {
    await handle.close();
  }
  await writing;
}
