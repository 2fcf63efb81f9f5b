import type { ConnectionAccess, ConnectionProvider, ConnectionStatus } from '@revlane/contracts';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { orgIdColumn, users } from './core.js';
import { sources } from './sources.js';

/**
 * OAuth connections (docs/architecture.md §6, Connections), one per organization and
 * provider. The tokens are sealed together in `sealed_tokens` with the row's id as
 * associated data (docs/architecture.md §3.3); a CRM's syncs run as the source `source_id`.
 */
export const connections = pgTable(
  'connections',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    provider: text('provider').$type<ConnectionProvider>().notNull(),
    status: text('status').$type<ConnectionStatus>().notNull(),
    account: text('account'),
    /** The provider's id of the connected org / workspace (API base for Salesforce). */
    instanceUrl: text('instance_url'),
    access: text('access').$type<ConnectionAccess>().notNull().default('read'),
    sealedTokens: text('sealed_tokens'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sandbox: boolean('sandbox').notNull().default(false),
    lastError: text('last_error'),
    sourceId: uuid('source_id').references(() => sources.id, { onDelete: 'set null' }),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [uniqueIndex('connections_org_provider_idx').on(table.orgId, table.provider)],
);

/**
 * Authorization requests in flight: only the SHA-256 of the `state` is kept, it is bound to
 * the user, organization and provider, works once (`used_at`) and for 10 minutes. The PKCE
 * verifier is sealed with the state's hash as associated data.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<ConnectionProvider>().notNull(),
    /** `connect`, or `write_access` for Intercom's second authorization. */
    purpose: text('purpose').notNull().default('connect'),
    sealedVerifier: text('sealed_verifier'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('oauth_states_org_id_idx').on(table.orgId)],
);
