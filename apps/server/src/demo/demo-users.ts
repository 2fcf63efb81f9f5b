import type { Database } from '../platform/database/database.js';
import type { SeedOrganization } from '../idp/index.js';

export const DEMO_EMAIL = 'demo@acme.example';
export const DEMO_MEMBER_EMAIL = 'alex@acme.example';
export const SUPPORT_EMAIL = 'support@revlane.dev';

/** The demo tenant the README signs in with, and the vendor's support staff (docs/architecture.md §2). */
export const DEMO_ORGANIZATIONS: SeedOrganization[] = [
  {
    name: 'Acme Analytics',
    domain: 'acme.example',
    isVendor: false,
    users: [
      { email: DEMO_EMAIL, name: 'Dana Demo', role: 'admin' },
      { email: DEMO_MEMBER_EMAIL, name: 'Alex Member', role: 'member' },
    ],
  },
  {
    name: 'Revlane Support',
    domain: 'revlane.dev',
    isVendor: true,
    users: [{ email: SUPPORT_EMAIL, name: 'Sam Support', role: 'support' }],
  },
];

/**
 * Creates the demo organizations and users with the given password, through the embedded
 * identity provider's seed function (idempotent; a changed password is kept).
 */
export async function seedDemoUsers(
  db: Database,
  password: string,
): Promise<{ demoEmail: string; supportEmail: string; memberEmail: string }> {
  // Loaded on demand, like the provider itself: external-IdP deployments never seed.
  const { seedSignInAccounts } = await import('../idp/index.js');
  await seedSignInAccounts(db, DEMO_ORGANIZATIONS, password);
  return { demoEmail: DEMO_EMAIL, supportEmail: SUPPORT_EMAIL, memberEmail: DEMO_MEMBER_EMAIL };
}
