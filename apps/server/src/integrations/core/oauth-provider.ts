import type { ConnectionAccess } from '@revlane/contracts';
import type { ProviderSettings } from '../../platform/connections-config.js';

/** A connection's tokens as sealed at rest (docs/architecture.md §3.3); never answered. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken?: string | null;
  /** ISO instant; null when the provider does not say (Salesforce). */
  expiresAt?: string | null;
}

export interface ExchangeResult {
  tokens: ProviderTokens;
  /** The org / portal / workspace name shown on the card. */
  account: string;
  /** Salesforce: the instance URL API calls go to. */
  instanceUrl?: string | null;
  access: ConnectionAccess;
}

export type AuthorizePurpose = 'connect' | 'write_access';

/**
 * What the granted scopes let Revlane do: a provider that granted any write scope (plays
 * create tasks and prospects there, ADR 0024) is `read_write`, else `read`.
 */
export const accessOfScopes = (scopes: readonly string[]): ConnectionAccess =>
  scopes.some((scope) => /\.write$|^write/.test(scope)) ? 'read_write' : 'read';

/**
 * One OAuth provider (docs/architecture.md §6, Connections), speaking through its official
 * client library where it has one. Settings carry every URL, so tests and the sandbox point
 * it at a fake.
 */
export interface OAuthProvider {
  readonly usesPkce: boolean;
  authorizeUrl(
    settings: ProviderSettings,
    request: {
      state: string;
      redirectUri: string;
      codeChallenge?: string;
      purpose: AuthorizePurpose;
    },
  ): string;
  exchange(
    settings: ProviderSettings,
    grant: { code: string; redirectUri: string; codeVerifier?: string },
  ): Promise<ExchangeResult>;
  /** A new access token; throws `InvalidGrantError` when the provider refuses the refresh. */
  refresh?(settings: ProviderSettings, tokens: ProviderTokens): Promise<ProviderTokens>;
  /** Revokes at the provider, where it has a revoke endpoint. */
  revoke?(
    settings: ProviderSettings,
    tokens: ProviderTokens,
    instanceUrl: string | null,
  ): Promise<void>;
}

/** The provider refused the refresh token (`invalid_grant`): the user must connect again. */
export class InvalidGrantError extends Error {
  constructor(message = 'The provider refused the saved authorization') {
    super(message);
    this.name = 'InvalidGrantError';
  }
}

/** jsforce and fetch-based clients report `invalid_grant` in the error name, code or text. */
export function isInvalidGrant(error: unknown): boolean {
  if (error instanceof InvalidGrantError) return true;
  const e = error as { name?: string; errorCode?: string; message?: string } | null;
  return [e?.name, e?.errorCode, e?.message].some(
    (text) => typeof text === 'string' && text.includes('invalid_grant'),
  );
}

/**
 * The provider's consent page (the configured authorize URL) for this client, redirect and
 * state, with the provider's own parameters (`scope`, `response_type`) between them.
 */
export function authorizePageUrl(
  settings: ProviderSettings,
  request: { redirectUri: string; state: string },
  parameters: Record<string, string> = {},
): string {
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  url.searchParams.set('state', request.state);
  return url.toString();
}

/**
 * A token refresh whose refusal by the provider (`isRefused` tells it apart from a network or
 * server error) throws `InvalidGrantError`: the connection needs reconnecting.
 */
export async function refreshOrInvalidGrant<T>(
  refresh: () => Promise<T>,
  isRefused: (error: unknown) => boolean = isInvalidGrant,
): Promise<T> {
  try {
    return await refresh();
  } catch (error) {
    if (isRefused(error)) throw new InvalidGrantError();
    throw error;
  }
}
