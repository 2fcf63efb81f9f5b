import { canManageOrganization } from '@/common/auth';

/** Scores add columns every cohort, alert and activation can use: an admin's change (docs/product.md §6). */
export const canManageScores = canManageOrganization;
