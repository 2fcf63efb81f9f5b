import type { Connection, ConnectionAccess, ConnectionStatus } from '@revlane/contracts';

export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, { text: string; color: string }> = {
  not_connected: { text: 'Not connected', color: 'default' },
  connected: { text: 'Connected', color: 'success' },
  syncing: { text: 'Syncing', color: 'processing' },
  error: { text: 'Error', color: 'error' },
  reconnect_needed: { text: 'Reconnect needed', color: 'warning' },
};

export const ACCESS_LABELS: Record<ConnectionAccess, string> = {
  read: 'Read',
  read_write: 'Read and write',
};

/** Tokens are held (the provider may refuse them later): sync and disconnect make sense. */
export const isLinked = (connection: Connection) =>
  connection.status === 'connected' ||
  connection.status === 'syncing' ||
  connection.status === 'error';

/**
 * The button that (re)starts the authorization: "Reconnect" when the saved one was refused,
 * "Try the sandbox" when the app has no client id for the provider, else "Connect"; none when
 * there is nothing to connect to (no client id and no sandbox).
 */
export function connectLabel(connection: Connection): string | null {
  if (connection.status === 'reconnect_needed') return 'Reconnect';
  if (connection.status !== 'not_connected' || !connection.available) return null;
  return connection.sandbox ? 'Try the sandbox' : 'Connect';
}
