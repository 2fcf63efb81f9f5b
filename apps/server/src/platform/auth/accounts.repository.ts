import { and, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../database/queryable.js';
import { organizations, users } from '../database/schema/index.js';
import { isUuid } from '../database/uuid.js';

export type UserRecord = typeof users.$inferSelect;
export type OrganizationRecord = typeof organizations.$inferSelect;
export interface Account {
  user: UserRecord;
  org: OrganizationRecord;
}

/** Every API request runs this lookup: prepare it once per database (saves ~a third of it). */
function prepareAccountBySubject(db: Queryable) {
  return db
    .select({ user: users, org: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.subject, sql.placeholder('subject')))
    .prepare('account_by_subject');
}
const accountBySubject = new WeakMap<Queryable, ReturnType<typeof prepareAccountBySubject>>();

export async function findAccountBySubject(
  db: Queryable,
  subject: string,
): Promise<Account | undefined> {
  let query = accountBySubject.get(db);
  if (!query) {
    query = prepareAccountBySubject(db);
    accountBySubject.set(db, query);
  }
  const [row] = await query.execute({ subject });
  return row;
}

/**
 * Deliberately not scoped by organization: only impersonation by support staff, who act
 * across organizations, looks users up this way.
 */
export async function findAccountByUserId(
  db: Queryable,
  userId: string,
): Promise<Account | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select({ user: users, org: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, userId));
  return row;
}

/** The organization a token's `org_id` names: our id, or the identity provider's id for it. */
export async function findOrganizationByClaim(db: Queryable, orgId: string) {
  const byExternal = eq(organizations.externalId, orgId);
  const [row] = await db
    .select()
    .from(organizations)
    .where(isUuid(orgId) ? or(byExternal, eq(organizations.id, orgId)) : byExternal);
  return row;
}

/** Vendor organizations (support staff) never take in customers by email domain. */
export async function findCustomerOrganizationByDomain(db: Queryable, domain: string) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.domain, domain), eq(organizations.isVendor, false)));
  return row;
}

/** Inserts unless a concurrent first sign-in created it already (unique domain/external id). */
export async function insertOrganization(
  db: Queryable,
  values: { name: string; domain: string | null; externalId: string | null },
) {
  const [row] = await db.insert(organizations).values(values).onConflictDoNothing().returning();
  return row;
}

/** Returns undefined when the subject or email already exists (a concurrent first request). */
export async function insertUser(db: Queryable, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** Organization of the user with this email (case-insensitive); for seeding, not requests. */
export async function findOrganizationIdByUserEmail(db: Queryable, email: string) {
  const [row] = await db
    .select({ orgId: users.orgId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row?.orgId;
}
