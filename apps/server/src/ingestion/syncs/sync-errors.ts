import { isConnectorError } from '../../integrations/index.js';

/** A run's temporary load file (`…/revlane-sync-XXXXXX/0.csv`): never shown to a user. */
const TEMP_FILE = /(?:\/[\w.-]+)*\/revlane-sync-\w+\/[\w.]+/g;
/** Any other absolute path of a file on the server (a CSV source's stored upload). */
const SERVER_FILE = /(?:\/[\w.@-]+){2,}\.\w+/g;

/**
 * A load's own failure (not a connector's, whose message already says what to fix) as the
 * run shows it: naming the table, its first line only (no engine hints), and never the path
 * of a temporary file. The code stays, so a network fault is still retried.
 */
export function inTable(table: string, error: unknown): unknown {
  if (isConnectorError(error) || !(error instanceof Error)) return error;
  const [first = ''] = error.message.split('\n');
  const text = first.replace(TEMP_FILE, 'the load file').replace(SERVER_FILE, 'the file');
  return Object.assign(
    new Error(`Table "${table}" could not be loaded: ${text}`, { cause: error }),
    { code: (error as { code?: unknown }).code },
  );
}

/** The error as the run shows it: connectors' messages as they are; never a secret. */
export function safeMessage(error: unknown, secrets: readonly string[]): string {
  let message = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) if (secret) message = message.split(secret).join('***');
  return message;
}
