import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns.js';
import { users } from './core.js';

/**
 * Reset links of the embedded identity provider (docs/architecture.md §4.1). Only the SHA-256
 * of a link's token is kept: a copy of this table opens no account. A link works once
 * (`used_at`) and until `expires_at`.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);
