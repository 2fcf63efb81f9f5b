import { CONNECTION_LABELS, type ConnectionProvider } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { ProviderSettings } from '../../platform/connections-config.js';
import type { Queryable } from '../../platform/database/queryable.js';
import type { Locks } from '../../platform/locks/index.js';
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

/** The lock namespace that takes refreshes of one connection in turn (ADR 0035). */
const REFRESH_LOCKS = 'connection-refresh';

/**
 * A connected account's tokens for the code that calls the provider: opened from their
 * sealed column (docs/architecture.md §3.3), refreshed before expiry and saved again, and a
 * refused refresh (`invalid_grant`) turns the connection to `reconnect_needed`.
 */
export class ConnectionSession {
  private tokens: ProviderTokens;
  /** The sealed value `tokens` were opened from or saved as: how a renew sees another's. */
  private sealed: string;

  /**
   * `deps` is usually the app: its `locks` (when present) take one connection's refreshes in
   * turn across sessions and processes.
   */
  constructor(
    private readonly deps: { db: Queryable; secrets: SecretBox; locks?: Locks },
    readonly record: ConnectionRecord,
    readonly settings: ProviderSettings,
  ) {
    this.sealed = record.sealedTokens ?? '';
    this.tokens = this.open(this.sealed);
  }

  private open(sealed: string) {
    return this.deps.secrets.openJson(sealed, this.record.id) as ProviderTokens;
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
   *
   * One refresh of a connection at a time, across processes (ADR 0035): a provider that
   * rotates refresh tokens refuses the second of two concurrent refreshes (`invalid_grant`),
   * which would wrongly ask the customer to reconnect. Whoever waited adopts the tokens the
   * other saved instead of refreshing again.
   */
  async renew(): Promise<void> {
    const provider = OAUTH_PROVIDERS[this.provider];
    if (!provider?.refresh || !this.tokens.refreshToken) return;
    const refresh = provider.refresh.bind(provider);
    const renew = async () => {
      if (await this.adoptSaved()) return;
      try {
        await this.save(await refresh(this.settings, this.tokens));
      } catch (error) {
        throw await this.failed(error);
      }
    };
    if (this.deps.locks) await this.deps.locks.named(REFRESH_LOCKS).run(this.record.id, renew);
    else await renew();
  }

  /**
   * Takes the tokens saved since this session opened or last saved them (another session
   * refreshed meanwhile): true when it did. A connection whose tokens are gone (disconnected)
   * is not refreshed back to life.
   */
  private async adoptSaved(): Promise<boolean> {
    const saved = await findConnection(this.deps.db, this.record.orgId, this.provider);
    if (saved?.id !== this.record.id || !saved.sealedTokens)
      throw new ConnectorError(
        'authentication',
        `${CONNECTION_LABELS[this.provider]} is not connected: connect it on the Connections page.`,
      );
    if (saved.sealedTokens === this.sealed) return false;
    this.tokens = this.open(saved.sealedTokens);
    this.sealed = saved.sealedTokens;
    return true;
  }

  /** Stores tokens a client refreshed on its own (jsforce on `INVALID_SESSION_ID`). */
  async save(tokens: ProviderTokens) {
    const sealed = sealTokens(this.deps.secrets, this.record.id, tokens);
    this.tokens = tokens;
    this.sealed = sealed;
    await updateConnection(this.deps.db, this.record.orgId, this.provider, {
      sealedTokens: sealed,
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
