import { canManageOrganization } from '@/common/auth';

/** Plays are an admin-only action (docs/product.md §6), like every organization setting. */
export const canManagePlays = canManageOrganization;
