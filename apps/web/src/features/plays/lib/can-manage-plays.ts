import type { Profile } from '@revlane/contracts';

/** Plays are an admin-only action (docs/product.md §6): owners and admins change them. */
export const canManagePlays = (role: Profile['role'] | undefined) =>
  role === 'owner' || role === 'admin';
