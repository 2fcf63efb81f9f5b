import { canManageOrganization } from '@/common/auth';

/** Activations write to the organization's CRM: an admin's change, like plays (docs/product.md §6). */
export const canManageActivations = canManageOrganization;
