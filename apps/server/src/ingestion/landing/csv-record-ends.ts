const NEW_LINE = 0x0a;

/**
 * Where the last complete record of a CSV buffer ends: the index just after its last line
 * feed that is not inside quotes, or -1 when there is none yet. `quote` is the dialect's
 * quote character ('' for none). Only dialects whose escape is the quote doubled (or none)
 * are read this way, so every quote character opens or closes a quoted run and the parity
 * of their count says whether a line feed ends a record (ADR 0029). The buffer must start
 * at a record's beginning.
 */
export function lastRecordEnd(buffer: Buffer, quote: string): number {
  const end = buffer.lastIndexOf(NEW_LINE);
  if (end < 0 || quote === '') return end < 0 ? -1 : end + 1;
  const quoteByte = quote.charCodeAt(0);
  let lastOutside = -1;
  let inside = false;
  let position = 0;
  for (;;) {
    const nextQuote = buffer.indexOf(quoteByte, position);
    const runEnd = nextQuote < 0 ? buffer.length : nextQuote;
    if (!inside) {
      // Line feeds between here and the next quote are outside quotes.
      const lastFeed = buffer.subarray(position, runEnd).lastIndexOf(NEW_LINE);
      if (lastFeed >= 0) lastOutside = position + lastFeed;
    }
    if (nextQuote < 0) return lastOutside < 0 ? -1 : lastOutside + 1;
    inside = !inside;
    position = nextQuote + 1;
  }
}
