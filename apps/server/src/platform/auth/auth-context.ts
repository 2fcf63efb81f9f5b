import type { OrganizationRecord, UserRecord } from './accounts.repository.js';

/** Who a request acts as; every service reads it instead of the token. */
export interface AuthContext {
  /** The user the request acts as: the impersonated user while impersonating. */
  user: UserRecord;
  /** That user's organization; it scopes every query (docs/architecture.md §2). */
  org: OrganizationRecord;
  /** The support user behind an impersonated request, else null. */
  actor: UserRecord | null;
  /** Permissions granted to the token (its `permissions` claim). */
  permissions: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; only routes behind it may read it. */
    auth: AuthContext;
  }
}
