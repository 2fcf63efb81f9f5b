import { isConnectorError } from '../../integrations/index.js';

/** A run's temporary load file (`…/revlane-sync-XXXXXX/0.csv`): never shown to a user. */
const TEMP_FILE = /(?:\/[\w.-]+)*\/revlane-sync-\w+\/[\w.]+/g;
/** Any other absolute path of a file on the server (a CSV source's stored upload). */
const SERVER_FILE = /(?:\/[\w.@-]+){2,}\.\w+/g;

/** What the user can do about a value of one column the warehouse refused. */
export const COLUMN_REMEDY =
  'Leave the column out in the source’s settings, or fix the value at the source.';
/** What the user can do about a load that failed for no column we can name. */
export const TABLE_REMEDY =
  'Sync again; if the same error comes back, leave the table out in the source’s settings.';

/**
 * The warehouse column a load error names, with what the engine says of it:
 * - DuckDB reading the load file: `Error when converting column "plan". Could not convert
 *   string "growth" to 'BIGINT'` (a line after `Conversion Error: CSV Error on Line: 2`);
 * - DuckDB casting: `Could not convert string 'abc' to INT64 when casting from source column
 *   amount`;
 * - PostgreSQL's COPY: the message (`invalid input syntax for type bigint: "growth"`) and its
 *   `where`, `COPY t__next, line 2, column plan: "growth"`.
 */
function refusedColumn(error: Error): { column: string; detail: string } | null {
  const lines = error.message.split('\n');
  for (const line of lines) {
    const converting = /Error when converting column "((?:[^"]|"")+)"\.\s*(.*)$/.exec(line);
    if (converting)
      return { column: converting[1]!.replace(/""/g, '"'), detail: converting[2]!.trim() };
  }
  const [first = ''] = lines;
  const casting = /^(?:Conversion Error: )?(.*) when casting from source column "?([^"]+?)"?$/.exec(
    first,
  );
  if (casting) return { column: casting[2]!, detail: casting[1]! };
  const where = (error as { where?: unknown }).where;
  if (typeof where === 'string') {
    const copy = /^COPY [^,]+, line \d+, column ([^:]+?)(?::|$)/.exec(where);
    if (copy) return { column: copy[1]!, detail: first };
  }
  return null;
}

/** A sentence: ends with a full stop (the engine's own text often does not). */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

const withoutPaths = (text: string) =>
  text.replace(TEMP_FILE, 'the load file').replace(SERVER_FILE, 'the file');

/**
 * A load's own failure (not a connector's, whose message already says what to fix) as the
 * run shows it: naming the column when the engine's error lets us know it (as the source
 * names it: `sourceNames` maps warehouse names to the source's), the table, and what to do;
 * the engine's first line only (no hints in its syntax), never the path of a server file. The
 * code stays, so a network fault is still retried.
 */
export function inTable(
  table: string,
  error: unknown,
  sourceNames: ReadonlyMap<string, string> = new Map(),
): unknown {
  if (isConnectorError(error) || !(error instanceof Error)) return error;
  const refused = refusedColumn(error);
  let message: string;
  if (refused) {
    const column = sourceNames.get(refused.column) ?? refused.column;
    message =
      `Column "${column}" of table "${table}" could not be loaded: ` +
      `${sentence(withoutPaths(refused.detail))} ${COLUMN_REMEDY}`;
  } else {
    const [first = ''] = error.message.split('\n');
    message = `Table "${table}" could not be loaded: ${sentence(withoutPaths(first))} ${TABLE_REMEDY}`;
  }
  return Object.assign(new Error(message, { cause: error }), {
    code: (error as { code?: unknown }).code,
  });
}

/** The error as the run shows it: connectors' messages as they are; never a secret. */
export function safeMessage(error: unknown, secrets: readonly string[]): string {
  let message = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) if (secret) message = message.split(secret).join('***');
  return message;
}
