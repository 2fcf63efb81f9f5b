import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns.js';
import { orgIdColumn, users } from './core.js';

/**
 * Files of the content service. The bytes live in the file storage under
 * `<org_id>/<id>`; this row says whose they are and how to serve them.
 */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    /** Kept when the uploader leaves: the file still belongs to the organization. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Detected from the file's first bytes, never taken from the client. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('files_org_id_idx').on(table.orgId)],
);
