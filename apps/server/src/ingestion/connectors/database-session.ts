import type { TlsMode } from '@revlane/contracts';

/** Limits every source database session runs under (read-only is set per engine). */
export const CONNECT_TIMEOUT_MS = 10_000;
/** Discovery, preview and tests answer a person waiting: short. */
export const INTERACTIVE_STATEMENT_TIMEOUT_MS = 30_000;
/** A sync's one long read of a big table. */
export const SYNC_STATEMENT_TIMEOUT_MS = 60 * 60_000;

export interface DatabaseSourceConfig {
  host: string;
  port?: number;
  database: string;
  user: string;
  password?: string;
  tlsMode: TlsMode;
  schema?: string;
}

/**
 * Node's TLS options for a mode, connecting to the resolved address while checking the
 * certificate against the host name the user gave. `prefer` starts with TLS without
 * verification; the connector retries without TLS when the server offers none.
 */
export function tlsOptionsFor(mode: TlsMode, host: string) {
  if (mode === 'disable') return false;
  if (mode === 'verify-full') return { rejectUnauthorized: true, servername: host };
  return { rejectUnauthorized: false, servername: host };
}

/** What a driver takes for TLS: `false` for plain text. */
export type TlsOptions = ReturnType<typeof tlsOptionsFor>;
