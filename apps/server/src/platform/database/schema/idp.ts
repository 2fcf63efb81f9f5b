import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Storage of the embedded identity provider's models (sessions, grants, codes, refresh
 * tokens, interactions...), one row per model instance, so a restart signs nobody out.
 */
export const idpModels = pgTable(
  'idp_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('idp_models_grant_id_idx').on(table.grantId),
    index('idp_models_uid_idx').on(table.uid),
    index('idp_models_expires_at_idx').on(table.expiresAt),
  ],
);
