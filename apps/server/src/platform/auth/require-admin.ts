import { forbidden } from '../errors/http-error.js';
import type { AuthContext } from './auth-context.js';

const ADMIN_ROLES = new Set(['owner', 'admin']);

/**
 * Organization-wide settings are changed by admins only (docs/product.md §6): owners and
 * admins pass, members get a 403 in the usual envelope naming what they tried.
 */
export function requireAdmin(auth: AuthContext, what: string): void {
  if (!ADMIN_ROLES.has(auth.user.role)) throw forbidden(`Only admins may ${what}`);
}
