import type { DestinationStream } from 'pino';

/** A synchronous pino destination that keeps every line, so tests can read what was logged. */
export function captureLogs() {
  const lines: string[] = [];
  const stream: DestinationStream = {
    write(chunk: string) {
      lines.push(...chunk.split('\n').filter(Boolean));
    },
  };
  return {
    stream,
    lines,
    text: () => lines.join('\n'),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
