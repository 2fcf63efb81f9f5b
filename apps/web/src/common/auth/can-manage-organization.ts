import type { Profile } from '@revlane/contracts';

/**
 * Whether the role may change what rewires the organization (plays, connections, data sources,
 * syncs, the mapping; docs/product.md §6): owners and admins, whom the server's `requireAdmin`
 * lets through (docs/architecture.md §2). Until the profile is read nothing is allowed.
 */
export const canManageOrganization = (role: Profile['role'] | undefined) =>
  role === 'owner' || role === 'admin';
