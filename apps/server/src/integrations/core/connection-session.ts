import { CONNECTION_LABELS, type ConnectionProvider } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { ProviderSettings } from '../../platform/connections-config.js';
import type { Queryable } from '../../platform/database/queryable.js';
import type { SecretBox } from '../../platform/secrets/secret-box.js';
import { ConnectorError } from './connector.js';
import {
  findConnection,
  updateConnection,
  type ConnectionRecord,
} from './connections.repository.js';
import { OAUTH_PROVIDERS } from './providers.js';
import { isInvalidGrant, type ProviderTokens } from './oauth-provider.js';

/** Refresh this long before the provider's expiry, so a call never carries a dying token. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export const RECONNECT_MESSAGE = (label: string) =>
  `${label} refused the saved authorization; reconnect to keep syncing.`;

export const sealTokens = (secrets: SecretBox, connectionId: string, tokens: ProviderTokens) =>
  secrets.sealJson(tokens, connectionId);

/**
 * A connected account's tokens for the code that calls the provider: opened from their
 * sealed column (docs/architecture.md §3.3), refreshed before expiry and saved again, and a
 * refused refresh (`invalid_grant`) turns the connection to `reconnect_needed`.
 */
export class ConnectionSession {
  private tokens: ProviderTokens;

  constructor(
    private readonly deps: { db: Queryable; secrets: SecretBox },
    readonly record: ConnectionRecord,
    readonly settings: ProviderSettings,
  ) {
    this.tokens = deps.secrets.openJson(record.sealedTokens ?? '', record.id) as ProviderTokens;
  }

  /** The tokens as saved, without a refresh (revoking needs no fresh access token). */
  get stored(): ProviderTokens {
    return this.tokens;
  }

  get provider(): ConnectionProvider {
    return this.record.provider;
  }

  /** Tokens good for the next call: refreshed first when they expire within the margin. */
  async current(): Promise<ProviderTokens> {
    const expiresAt = this.tokens.expiresAt ? Date.parse(this.tokens.expiresAt) : null;
    if (expiresAt !== null && expiresAt - Date.now() < REFRESH_MARGIN_MS) await this.renew();
    return this.tokens;
  }

  /**
   * Refreshes now, whatever the saved expiry says (the provider answered 401 to a token we
   * thought alive); a provider without refresh tokens keeps what it has.
   */
  async renew(): Promise<void> {
    const provider = OAUTH_PROVIDERS[this.provider];
    if (!provider?.refresh || !this.tokens.refreshToken) return;
    try {
      await this.save(await provider.refresh(this.settings, this.tokens));
    } catch (error) {
      throw await this.failed(error);
    }
  }

  /** Stores tokens a client refreshed on its own (jsforce on `INVALID_SESSION_ID`). */
  async save(tokens: ProviderTokens) {
    this.tokens = tokens;
    await updateConnection(this.deps.db, this.record.orgId, this.provider, {
      sealedTokens: sealTokens(this.deps.secrets, this.record.id, tokens),
      expiresAt: tokens.expiresAt ? new Date(tokens.expiresAt) : null,
    });
  }

  /** The error a caller throws: `invalid_grant` marks the connection first. */
  async failed(error: unknown): Promise<unknown> {
    if (!isInvalidGrant(error)) return error;
    const message = RECONNECT_MESSAGE(CONNECTION_LABELS[this.provider]);
    await updateConnection(this.deps.db, this.record.orgId, this.provider, {
      status: 'reconnect_needed',
      lastError: message,
    });
    return new ConnectorError('authentication', message);
  }
}

export type SessionOpener = (
  orgId: string,
  provider: ConnectionProvider,
) => Promise<ConnectionSession>;

/** Opens the organization's session with a provider; a connection without tokens is refused. */
export function sessionOpener(
  app: Pick<FastifyInstance, 'db' | 'secrets' | 'config'>,
): SessionOpener {
  return async (orgId, provider) => {
    const record = await findConnection(app.db, orgId, provider);
    if (!record?.sealedTokens)
      throw new ConnectorError(
        'authentication',
        `Connect ${provider} first: it has no authorization.`,
      );
    return new ConnectionSession(app, record, app.config.connections[provider]);
  };
}
