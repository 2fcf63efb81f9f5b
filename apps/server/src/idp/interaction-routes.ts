import { existsSync } from 'node:fs';
import path from 'node:path';
import type {} from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import {
  interactionLoginBodySchema,
  SIGN_IN_ERROR_CODES,
  type FieldError,
} from '@revlane/contracts';
import { strictRateLimit } from '../platform/http/rate-limits.js';
import type { AccountStore } from './accounts.js';
import { createConsentGrant } from './consent.js';
import type { SignInThrottle } from './login-throttle.js';
import { checkSignInPassword } from './passwords.js';

export const SIGN_IN_MESSAGES = {
  invalidCredentials: 'Wrong email or password.',
  interactionExpired: 'This sign-in page has expired. Please start again.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  webNotBuilt: 'The web app is not built. Run npm run build.',
} as const;

export interface InteractionRoutesOptions {
  provider: Provider;
  clientId: string;
  webDistDir: string;
  accounts: AccountStore;
  throttle: SignInThrottle;
}

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/**
 * The provider's interaction (sign-in) step, done by the SPA: the page is the SPA itself,
 * which posts the credentials here as JSON; we finish the interaction and tell the SPA where
 * the authorization request continues.
 */
export function registerInteractionRoutes(app: FastifyInstance, options: InteractionRoutesOptions) {
  const { provider, clientId, webDistDir, accounts, throttle } = options;

  app.get('/interaction/:uid', async (request: UidRequest, reply) => {
    const consentRedirect = await autoConsent(request, reply);
    if (consentRedirect) return reply.redirect(consentRedirect, 303);
    if (typeof reply.sendFile !== 'function' || !existsSync(path.join(webDistDir, 'index.html'))) {
      return reply
        .code(503)
        .send({ error: 'service_unavailable', message: SIGN_IN_MESSAGES.webNotBuilt });
    }
    // The page carries nothing secret, but an old cached shell must not outlive a deploy.
    return reply.header('cache-control', 'no-store').sendFile('index.html', webDistDir, {
      cacheControl: false,
    });
  });

  /** An email and a password, with room to spare; Fastify answers more with a 413. */
  const LOGIN_BODY_LIMIT = 4 * 1024;

  app.post(
    '/interaction/:uid/login',
    { config: { ...strictRateLimit }, bodyLimit: LOGIN_BODY_LIMIT },
    async (request: UidRequest, reply) => {
      const body = interactionLoginBodySchema.safeParse(request.body);
      if (!body.success) {
        const errors = fieldErrors(body.error.issues);
        return reply.code(400).send({
          error: 'bad_request',
          message: errors[0]?.message ?? 'Invalid request.',
          errors,
        });
      }
      const interaction = await findInteraction(request, reply);
      if (!interaction) return expired(reply);

      const { email, password } = body.data;
      const retryAfter = await throttle.retryAfterSeconds(email, request.ip);
      if (retryAfter > 0) {
        return reply
          .code(429)
          .header('retry-after', retryAfter)
          .send({ error: 'too_many_requests', message: SIGN_IN_MESSAGES.tooManyAttempts });
      }
      // One answer, in one time, for an unknown email and a wrong password (checkSignInPassword).
      const found = await accounts.findForSignIn(email);
      const isPasswordRight = await checkSignInPassword(found?.passwordHash, password);
      if (!found || !isPasswordRight) {
        await throttle.recordFailure(email, request.ip);
        request.log.info({ userId: found?.account.userId }, 'sign-in failed');
        return reply.code(401).send({
          error: SIGN_IN_ERROR_CODES.invalidCredentials,
          message: SIGN_IN_MESSAGES.invalidCredentials,
        });
      }
      await throttle.recordSuccess(email, request.ip);

      let redirectTo: string;
      try {
        redirectTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: found.account.subject } },
          { mergeWithLastSubmission: false },
        );
      } catch {
        return expired(reply);
      }
      request.log.info({ userId: found.account.userId }, 'signed in');
      return reply.header('cache-control', 'no-store').send({ data: { redirectTo } });
    },
  );

  /** The interaction of this page, or undefined when it expired or belongs to another tab. */
  async function findInteraction(request: UidRequest, reply: FastifyReply) {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return undefined;
    }
    return interaction.uid === request.params.uid ? interaction : undefined;
  }

  /**
   * Our own SPA never needs a consent screen; should the provider still ask (e.g. a grant
   * that lost scopes), grant what it asks and resume the authorization request.
   */
  async function autoConsent(request: UidRequest, reply: FastifyReply) {
    const interaction = await findInteraction(request, reply);
    if (interaction?.prompt.name !== 'consent' || interaction.params.client_id !== clientId) {
      return undefined;
    }
    const grantId = await createConsentGrant(provider, interaction);
    return provider.interactionResult(
      request.raw,
      reply.raw,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }
}

function expired(reply: FastifyReply) {
  return reply.code(410).send({
    error: SIGN_IN_ERROR_CODES.interactionExpired,
    message: SIGN_IN_MESSAGES.interactionExpired,
  });
}

function fieldErrors(
  issues: { path: PropertyKey[]; code: string; input?: unknown }[],
): FieldError[] {
  return issues.map((issue) => {
    const field = String(issue.path[0] ?? 'body');
    const isMissing = issue.input === undefined || issue.input === '';
    if (field === 'email') {
      return {
        path: field,
        message: isMissing ? 'Email is required.' : 'Enter a valid email address.',
      };
    }
    if (field === 'password') {
      return {
        path: field,
        message: isMissing ? 'Password is required.' : 'Password is too long.',
      };
    }
    return { path: field, message: 'Only email and password are expected.' };
  });
}
