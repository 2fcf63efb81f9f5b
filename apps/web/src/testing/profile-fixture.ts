import type { Profile } from '@revlane/contracts';

export const impersonatedProfile: Profile = {
  id: 'user-42',
  displayName: 'Ada Lovelace',
  email: 'ada@acme.test',
  photo: null,
  role: 'member',
  organization: { id: 'org-1', name: 'Acme' },
  app: { termsOfService: { accepted: true } },
  impersonatedBy: { id: 'support-1', displayName: 'Sam Support', email: 'sam@revlane.test' },
};

/** The same user with another role: admin-only changes (docs/architecture.md §2) follow it. */
export const withRole = (role: Profile['role']): Profile => ({ ...impersonatedProfile, role });
