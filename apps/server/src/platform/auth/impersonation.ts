import type { FastifyRequest } from 'fastify';
import { IMPERSONATE_HEADER, IMPERSONATE_PERMISSION } from '@revlane/contracts';
import type { Database } from '../database/database.js';
import { forbidden } from '../errors/http-error.js';
import { findAccountByUserId, type Account } from './accounts.repository.js';

const headerName = IMPERSONATE_HEADER.toLowerCase();

/** The `Impersonate-User` value, when the request carries a non-empty one. */
export function impersonationTarget(request: FastifyRequest): string | undefined {
  const value = request.headers[headerName];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

/**
 * Resolves the user a support token acts as (docs/architecture.md §4.4). Anyone else sending the header is
 * refused rather than silently ignored, so a misconfigured client notices at once.
 */
export async function resolveImpersonation(
  db: Database,
  targetUserId: string,
  permissions: string[],
): Promise<Account> {
  if (!permissions.includes(IMPERSONATE_PERMISSION)) {
    throw forbidden('Only support staff may act as another user');
  }
  const target = await findAccountByUserId(db, targetUserId);
  if (!target) throw forbidden('The user to act as does not exist');
  return target;
}
