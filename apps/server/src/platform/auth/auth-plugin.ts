import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serviceUnavailable, unauthorized } from '../errors/http-error.js';
import { cachedAccountBySubject } from './account-cache.js';
import type { Account } from './accounts.repository.js';
import { auditImpersonatedChange } from './audit.js';
import type { AuthContext } from './auth-context.js';
import { mergeClaims, readPermissions, readProfileClaims } from './claims.js';
import { impersonationTarget, resolveImpersonation } from './impersonation.js';
import { provisionAccount } from './provisioning.js';
import {
  KeysUnavailable,
  TokenRejected,
  createTokenVerifier,
  type KeySource,
  type VerifyAccessToken,
} from './token-verifier.js';
import { fetchUserinfo } from './userinfo.js';
import { rememberVerifiedTokens } from './verified-tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user; sets `request.auth`. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** Only the header: tokens in URLs leak into history and logs (docs/architecture.md §4.5). */
function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

async function verifyOrReject(verify: VerifyAccessToken, token: string, request: FastifyRequest) {
  try {
    return await verify(token);
  } catch (error) {
    if (error instanceof KeysUnavailable) {
      request.log.warn({ reason: error.message }, 'identity provider keys unavailable');
      throw serviceUnavailable('The sign-in service cannot be reached; please try again shortly');
    }
    if (error instanceof TokenRejected) {
      request.log.debug({ reason: error.message }, 'access token rejected');
      throw unauthorized('The access token is invalid or expired; sign in again');
    }
    throw error;
  }
}

interface AuthOptions {
  keys: KeySource;
  /**
   * Create users on their first request (an external tenant owns the identities). The
   * embedded provider only signs for users that exist, so an unknown subject there is a
   * deleted user's or a forged token, never a newcomer: 401.
   */
  provisionsUsers: boolean;
}

const registerAuth: FastifyPluginCallback<AuthOptions> = (app, options, done) => {
  const { identity } = app.config;
  const verify = rememberVerifiedTokens(
    createTokenVerifier({
      issuer: identity.issuer,
      audience: identity.audience,
      clientId: identity.clientId,
      keys: options.keys,
    }),
  );

  async function accountFor(
    subject: string,
    payload: Record<string, unknown>,
    token: string,
  ): Promise<Account> {
    const known = await cachedAccountBySubject(app.db, subject);
    if (known) return known;
    if (!options.provisionsUsers) throw unauthorized('The access token is for an unknown user');
    const fromToken = readProfileClaims(payload);
    const claims = fromToken.email
      ? fromToken
      : mergeClaims(fromToken, await fetchUserinfo(identity.domain, token));
    return provisionAccount(app.db, subject, claims);
  }

  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Sign in to continue: the request has no bearer access token');
    const payload = await verifyOrReject(verify, token, request);
    const account = await accountFor(payload.sub, payload, token);
    const permissions = readPermissions(payload);
    const targetId = impersonationTarget(request);
    if (targetId === undefined) {
      request.auth = { ...account, actor: null, permissions };
      return;
    }
    const target = await resolveImpersonation(app.db, targetId, permissions);
    request.auth = { ...target, actor: account.user, permissions };
    request.log.info({ actorId: account.user.id, userId: target.user.id }, 'impersonated request');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    await auditImpersonatedChange(app.db, request, reply);
    return payload;
  });
  done();
};

/** Bearer-token authentication, user provisioning and impersonation (docs/architecture.md §4.2, §4.4). */
export const authPlugin = fp(registerAuth, {
  name: 'revlane-auth',
  dependencies: ['revlane-config', 'revlane-database'],
});
