import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';

/** One customer company; every row of product metadata carries its id (docs/architecture.md §2). */
export const organizations = pgTable(
  'organizations',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Email domain whose new users join this organization automatically. */
    domain: text('domain'),
    /** Organization id as the external identity provider names it (token claim `org_id`). */
    externalId: text('external_id'),
    isVendor: boolean('is_vendor').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('organizations_domain_key').on(table.domain),
    uniqueIndex('organizations_external_id_key').on(table.externalId),
  ],
);

/** Ties a row to its organization; the row goes when the organization does (docs/architecture.md §2). */
export function orgIdColumn() {
  return uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
}

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    /** The identity provider's `sub`. */
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    photo: text('photo'),
    role: text('role', { enum: ['owner', 'admin', 'member', 'support'] })
      .notNull()
      .default('member'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    dashboard: jsonb('dashboard').$type<Record<string, unknown>>(),
    /** Slack channel the user's alerts go to; null until chosen (docs/product.md §7). */
    slackChannelId: text('slack_channel_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('users_subject_key').on(table.subject),
    index('users_org_id_idx').on(table.orgId),
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
  ],
);

/** Passwords of users who sign in through the embedded identity provider (argon2id). */
export const userCredentials = pgTable('user_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const onboardingSteps = pgTable(
  'onboarding_steps',
  {
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.stepId] })],
);

/** Changes made by support staff while impersonating (docs/architecture.md §4.4). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('audit_log_org_id_created_at_idx').on(table.orgId, table.createdAt)],
);

/** Secrets the embedded default generates once and keeps (cookie keys, encryption key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  createdAt: createdAtColumn(),
});
