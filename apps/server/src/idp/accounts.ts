import { eq, sql } from 'drizzle-orm';
import { IMPERSONATE_PERMISSION } from '@revlane/contracts';
import type { Database } from '../platform/database/database.js';
import { organizations, userCredentials, users } from '../platform/database/schema/index.js';
import { isUuid } from '../platform/database/uuid.js';

/** A user as the identity provider sees it: who they are and where they belong. */
export interface IdpAccount {
  userId: string;
  /** The token `sub`; embedded users' subject is their user id. */
  subject: string;
  email: string;
  name: string;
  picture: string | undefined;
  role: string;
  orgId: string;
  orgName: string;
  updatedAt: Date;
}

const accountColumns = {
  userId: users.id,
  subject: users.subject,
  email: users.email,
  name: users.displayName,
  photo: users.photo,
  role: users.role,
  orgId: organizations.id,
  orgName: organizations.name,
  updatedAt: users.updatedAt,
};

type AccountRow = { photo: string | null } & Omit<IdpAccount, 'picture'>;

export interface AccountStore {
  findBySubject(subject: string): Promise<IdpAccount | undefined>;
  findByUserId(userId: string): Promise<IdpAccount | undefined>;
  /** The account and its password hash (undefined when it has none) for a sign-in attempt. */
  findForSignIn(
    email: string,
  ): Promise<{ account: IdpAccount; passwordHash: string | undefined } | undefined>;
}

export function createAccountStore(db: Database, appUrl: string): AccountStore {
  const toAccount = ({ photo, ...row }: AccountRow): IdpAccount => ({
    ...row,
    picture: absolutePicture(photo, appUrl),
  });
  const selectAccounts = () =>
    db
      .select(accountColumns)
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.orgId));

  return {
    async findBySubject(subject) {
      const [row] = await selectAccounts().where(eq(users.subject, subject)).limit(1);
      return row && toAccount(row);
    },
    async findByUserId(userId) {
      if (!isUuid(userId)) return undefined;
      const [row] = await selectAccounts().where(eq(users.id, userId)).limit(1);
      return row && toAccount(row);
    },
    async findForSignIn(email) {
      const [row] = await db
        .select({ ...accountColumns, passwordHash: userCredentials.passwordHash })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .leftJoin(userCredentials, eq(userCredentials.userId, users.id))
        // Matches the unique index on lower(email): one account per address, any casing.
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
        .limit(1);
      if (!row) return undefined;
      const { passwordHash, ...account } = row;
      return { account: toAccount(account), passwordHash: passwordHash ?? undefined };
    },
  };
}

/** Support staff may act as customers (docs/architecture.md §4.4); nobody else gets a permission. */
export function permissionsFor(role: string): string[] {
  return role === 'support' ? [IMPERSONATE_PERMISSION] : [];
}

/** Claims Auth0 would put in an access token for our API (profile plus organization). */
export function accessTokenClaims(account: IdpAccount, clientId: string) {
  return {
    azp: clientId,
    email: account.email,
    name: account.name,
    picture: account.picture,
    org_id: account.orgId,
    org_name: account.orgName,
    permissions: permissionsFor(account.role),
  };
}

/** Profile claims of the id token / userinfo, by OIDC scope name. */
export function profileClaims(account: IdpAccount) {
  return {
    sub: account.subject,
    name: account.name,
    nickname: account.email.split('@')[0],
    picture: account.picture,
    updated_at: Math.floor(account.updatedAt.getTime() / 1000),
    email: account.email,
    email_verified: true,
  };
}

// Photos may be stored as paths of the content service; tokens need absolute URLs.
function absolutePicture(photo: string | null, appUrl: string): string | undefined {
  if (!photo) return undefined;
  return photo.startsWith('/') ? `${appUrl}${photo}` : photo;
}
