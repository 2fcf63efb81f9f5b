import type { Database } from '../database/database.js';
import type { Queryable } from '../database/queryable.js';
import { conflict, unauthorized } from '../errors/http-error.js';
import type { ProfileClaims } from './claims.js';
import {
  findAccountBySubject,
  findCustomerOrganizationByDomain,
  findOrganizationByClaim,
  insertOrganization,
  insertUser,
  type Account,
  type OrganizationRecord,
} from './accounts.repository.js';

/**
 * Mailbox providers: sharing one of these domains does not make people colleagues (here), nor
 * customers of one account (mappings, ADR 0019).
 */
export const PUBLIC_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'mail.com',
  'yandex.com',
] as const;
const PUBLIC_EMAIL_DOMAIN_SET: ReadonlySet<string> = new Set(PUBLIC_EMAIL_DOMAINS);

/**
 * An email domain makes people colleagues only when the address is the person's: anyone can
 * sign up at a provider with `ceo@acme.com` unverified, and must not land in Acme's data.
 */
function mayJoinByDomain(domain: string, claims: ProfileClaims): boolean {
  return domain !== '' && !PUBLIC_EMAIL_DOMAIN_SET.has(domain) && claims.emailVerified !== false;
}

class LostProvisioningRace extends Error {}

/**
 * First request of a new identity: create the user inside the organization that the token
 * names, or whose email domain matches, or else a new organization it owns (docs/architecture.md §2).
 * Parallel first requests (the SPA fires several at start) converge on one user.
 */
export async function provisionAccount(
  db: Database,
  subject: string,
  claims: ProfileClaims,
): Promise<Account> {
  const email = claims.email;
  if (!email) throw unauthorized('The access token does not identify the user (no email)');
  try {
    return await db.transaction(async (tx) => {
      const { org, isNew } = await resolveOrganization(tx, email, claims);
      const user = await insertUser(tx, {
        orgId: org.id,
        subject,
        email,
        displayName: claims.name ?? email.split('@')[0]!,
        photo: claims.picture ?? null,
        role: isNew ? 'owner' : 'member',
      });
      if (!user) throw new LostProvisioningRace();
      return { user, org };
    });
  } catch (error) {
    if (!(error instanceof LostProvisioningRace)) throw error;
    const existing = await findAccountBySubject(db, subject);
    if (existing) return existing;
    // Same email, different identity: linking them automatically would hand over an account.
    throw conflict('Another account already uses this email address');
  }
}

async function resolveOrganization(
  db: Queryable,
  email: string,
  claims: ProfileClaims,
): Promise<{ org: OrganizationRecord; isNew: boolean }> {
  const domain = email.split('@')[1] ?? '';
  if (claims.orgId) {
    const named = await findOrganizationByClaim(db, claims.orgId);
    if (named) return { org: named, isNew: false };
    const values = { name: claims.orgName ?? domain, domain: null, externalId: claims.orgId };
    const created = await insertOrganization(db, values);
    if (created) return { org: created, isNew: true };
    // A colleague's concurrent first sign-in created it a moment ago: join it.
    const joined = await findOrganizationByClaim(db, claims.orgId);
    if (joined) return { org: joined, isNew: false };
  } else if (mayJoinByDomain(domain, claims)) {
    const colleagues = await findCustomerOrganizationByDomain(db, domain);
    if (colleagues) return { org: colleagues, isNew: false };
    const created = await insertOrganization(db, { name: domain, domain, externalId: null });
    if (created) return { org: created, isNew: true };
    const joined = await findCustomerOrganizationByDomain(db, domain);
    if (joined) return { org: joined, isNew: false };
    // Otherwise the domain is the vendor's: a standalone organization it is.
  }
  const standalone = await insertOrganization(db, {
    name: domain || email,
    domain: null,
    externalId: null,
  });
  if (!standalone) throw conflict('The organization could not be created; please try again');
  return { org: standalone, isNew: true };
}
