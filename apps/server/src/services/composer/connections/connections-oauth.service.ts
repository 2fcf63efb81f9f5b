import { createHash, randomBytes } from 'node:crypto';
import {
  APP_ROUTES,
  CONNECTION_LABELS,
  CONNECTIONS_API,
  type AuthorizeResponse,
  type ConnectionProvider,
} from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import { conflict } from '../../../platform/errors/http-error.js';
import { markStepCompleted } from '../../user/index.js';
import {
  sealTokens,
  ensureConnection,
  updateConnection,
  consumeOAuthState,
  insertOAuthState,
  OAUTH_PROVIDERS,
} from '../../../integrations/index.js';
import { ensureCrmSource } from './crm-source.js';
import { isCrm, type Composer } from './connections.service.js';
import type { AuthorizePurpose } from '../../../integrations/index.js';

const STATE_TTL_MS = 10 * 60_000;
const CONNECT_CRM_STEP = 'connect-my-crm';
const hash = (value: string) => createHash('sha256').update(value).digest('hex');

export const redirectUriOf = (app: Composer, provider: ConnectionProvider) =>
  `${app.config.services.composer}/${CONNECTIONS_API.callback(provider)}`;

function providerOf(app: Composer, provider: ConnectionProvider) {
  const oauth = OAUTH_PROVIDERS[provider];
  const settings = app.config.connections[provider];
  if (!oauth) throw conflict(`Connecting ${CONNECTION_LABELS[provider]} is not available yet.`);
  if (!settings.isAvailable)
    throw conflict(
      `${CONNECTION_LABELS[provider]} has no client id configured and the sandbox is off.`,
    );
  return { oauth, settings };
}

/**
 * Starts the authorization code flow: a random `state` (only its hash stored) bound to the
 * user, organization and provider, single-use, valid 10 minutes, with a PKCE verifier
 * (sealed) where the provider takes one (docs/architecture.md §6, Connections).
 */
export async function startAuthorization(
  app: Composer,
  auth: AuthContext,
  provider: ConnectionProvider,
  purpose: AuthorizePurpose = 'connect',
): Promise<AuthorizeResponse> {
  const { oauth, settings } = providerOf(app, provider);
  const state = randomBytes(32).toString('base64url');
  const stateHash = hash(state);
  const verifier = oauth.usesPkce ? randomBytes(48).toString('base64url') : undefined;
  await insertOAuthState(app.db, {
    stateHash,
    orgId: auth.org.id,
    userId: auth.user.id,
    provider,
    purpose,
    sealedVerifier: verifier ? app.secrets.seal(verifier, stateHash) : null,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const codeChallenge = verifier
    ? createHash('sha256').update(verifier).digest('base64url')
    : undefined;
  return {
    authorizeUrl: oauth.authorizeUrl(settings, {
      state,
      redirectUri: redirectUriOf(app, provider),
      ...(codeChallenge ? { codeChallenge } : {}),
      purpose,
    }),
  };
}

export type CallbackQuery = {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
};

/** Where the browser lands: `/app/connections?connected=<p>` or `?error=<code>&provider=<p>`. */
const outcome = (
  app: Composer,
  provider: ConnectionProvider,
  result: { connected: true } | { error: string },
) => {
  const url = new URL(`${app.config.appUrl}${APP_ROUTES.connections}`);
  if ('error' in result) {
    url.searchParams.set('error', result.error);
    url.searchParams.set('provider', provider);
  } else url.searchParams.set('connected', provider);
  return url.toString();
};

/**
 * The provider's redirect: the state must be one this app issued for this provider, unused
 * and fresh; then the code is exchanged through the provider's client, the tokens sealed
 * with the connection's id, and a CRM gets its source. Any failure connects nothing and
 * the redirect says why; never a 500.
 */
export async function completeAuthorization(
  app: Composer,
  provider: ConnectionProvider,
  query: CallbackQuery,
) {
  const { oauth, settings } = providerOf(app, provider);
  const stateHash = hash(query.state ?? '');
  const state = query.state ? await consumeOAuthState(app.db, stateHash) : undefined;
  if (!state || state.provider !== provider || state.expiresAt.getTime() < Date.now())
    return outcome(app, provider, { error: 'invalid_state' });
  if (query.error || !query.code)
    return outcome(app, provider, {
      error: query.error === 'access_denied' ? 'access_denied' : 'provider_error',
    });
  let exchanged;
  try {
    exchanged = await oauth.exchange(settings, {
      code: query.code,
      redirectUri: redirectUriOf(app, provider),
      ...(state.sealedVerifier
        ? { codeVerifier: app.secrets.open(state.sealedVerifier, stateHash) }
        : {}),
    });
  } catch (error) {
    // The name only: a client's error may quote the request, and so the code or secret.
    app.log.warn({ provider, error: (error as Error).name }, 'OAuth code exchange failed');
    return outcome(app, provider, { error: 'exchange_failed' });
  }
  const row = await ensureConnection(app.db, state.orgId, provider);
  const sourceId = isCrm(provider)
    ? await ensureCrmSource(
        app.db,
        state.orgId,
        provider,
        row.sourceId,
        settings.sandbox,
        state.userId,
      )
    : null;
  await updateConnection(app.db, state.orgId, provider, {
    status: 'connected',
    account: exchanged.account,
    instanceUrl: exchanged.instanceUrl ?? null,
    access: state.purpose === 'write_access' ? 'read_write' : exchanged.access,
    sealedTokens: sealTokens(app.secrets, row.id, exchanged.tokens),
    expiresAt: exchanged.tokens.expiresAt ? new Date(exchanged.tokens.expiresAt) : null,
    sandbox: settings.sandbox,
    lastError: null,
    sourceId,
    connectedBy: state.userId,
    connectedAt: row.status === 'connected' ? row.connectedAt : new Date(),
  });
  // Home's "connect-my-crm" step completes when a CRM connects (docs/architecture.md §6, Home).
  if (isCrm(provider)) await markStepCompleted(app.db, state.orgId, state.userId, CONNECT_CRM_STEP);
  return outcome(app, provider, { connected: true });
}
