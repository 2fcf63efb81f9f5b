import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import { IMPERSONATE_PERMISSION, IMPERSONATION_QUERY_PARAMS } from '@revlane/contracts';
import type { AppConfigServer } from '../platform/config.js';
import type { Database } from '../platform/database/database.js';
import { users } from '../platform/database/schema/index.js';
import { readPermissions } from '../platform/auth/claims.js';
import { isUuid } from '../platform/database/uuid.js';

export interface ImpersonationLinkRequest {
  /** The customer to act as: user id or email. */
  user: string;
  /** The support user who acts: user id or email. */
  support: string;
  expiresInMinutes: number;
}

async function findUser(db: Database, reference: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      isUuid(reference)
        ? eq(users.id, reference)
        : eq(sql`lower(${users.email})`, reference.toLowerCase()),
    );
  if (!row) throw new Error(`No user "${reference}"`);
  return row;
}

/**
 * The short-lived link of docs/architecture.md §4.4: a support user's access token, signed by the embedded
 * provider, plus the user to act as. The SPA moves both off the address bar at once.
 */
export async function createImpersonationLink(
  context: { config: AppConfigServer; db: Database; log: FastifyBaseLogger },
  request: ImpersonationLinkRequest,
): Promise<{ url: string; expiresAt: Date; userEmail: string; supportEmail: string }> {
  const { config, db } = context;
  if (config.identity.kind !== 'embedded') {
    throw new Error(
      'With an external identity provider, get the support token from that provider.',
    );
  }
  const target = await findUser(db, request.user);
  const support = await findUser(db, request.support);
  const { createEmbeddedIdp } = await import('../idp/index.js');
  const idp = await createEmbeddedIdp(context);
  try {
    const expiresInSeconds = Math.round(request.expiresInMinutes * 60);
    const token = await idp.signAccessToken(support.id, { expiresInSeconds });
    if (!readPermissions(decodeJwt(token)).includes(IMPERSONATE_PERMISSION)) {
      throw new Error(
        `${support.email} may not impersonate (no ${IMPERSONATE_PERMISSION} permission)`,
      );
    }
    const url = new URL('/app/home', config.appUrl);
    url.searchParams.set(IMPERSONATION_QUERY_PARAMS.accessToken, token);
    url.searchParams.set(IMPERSONATION_QUERY_PARAMS.impersonateUser, target.id);
    return {
      url: url.toString(),
      expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
      userEmail: target.email,
      supportEmail: support.email,
    };
  } finally {
    await idp.close();
  }
}
