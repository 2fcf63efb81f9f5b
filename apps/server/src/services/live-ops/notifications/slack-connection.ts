import type { Database } from '../../../platform/database/database.js';

/** What posting to an organization's Slack workspace needs: its bot token and API root. */
export interface SlackConnection {
  token: string;
  /** The Web API root (`https://slack.com/api/`; the sandbox's fake in tests and demos). */
  apiUrl: string;
}

/**
 * The interface the Slack connection implements (ADR 0023): alerts ask it for the
 * organization's bot token and do not know where connections keep their sealed secrets.
 * Until a connection registers, Slack deliveries fail with "Slack is not connected".
 */
export type SlackConnectionResolver = (
  db: Database,
  orgId: string,
) => Promise<SlackConnection | null>;

let resolver: SlackConnectionResolver = () => Promise.resolve(null);

/** Registers the resolver (the Slack connection at start-up, tests); returns the undo. */
export function registerSlackConnectionResolver(next: SlackConnectionResolver): () => void {
  const previous = resolver;
  resolver = next;
  return () => {
    resolver = previous;
  };
}

export const resolveSlackConnection: SlackConnectionResolver = (db, orgId) => resolver(db, orgId);
