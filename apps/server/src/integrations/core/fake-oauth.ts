import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** What a fake provider's tests and sandbox users can read at `GET /sandbox/<p>/received`. */
export interface FakeReceived {
  kind: string;
  at: string;
  body: unknown;
  /**
   * The authorization (one consent: its code, refresh token and every access token) the
   * call came with, so the sandbox shows each organization only its own (docs/architecture.md
   * §6, Connections); null for a call without a known token.
   */
  grant: string | null;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string | undefined;
  scope: string;
  grant: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

/**
 * The OAuth 2.0 authorization server every fake provider shares (docs/architecture.md §6,
 * Connections): a consent page with "Allow" and "Deny", single-use codes bound to the client,
 * redirect URI and PKCE challenge (S256), access tokens that expire and refresh tokens that
 * can be revoked, so `invalid_grant` and expiry paths are real.
 */
export class FakeOAuth {
  readonly received: FakeReceived[] = [];
  /** Every token handed out, so tests can look for them where they must not be. */
  readonly issued: string[] = [];
  private readonly codes = new Map<string, PendingCode>();
  private readonly access = new Map<string, number>();
  /** The scopes granted with each access token (the provider's token-info endpoints say them). */
  private readonly scopes = new Map<string, string>();
  private readonly refresh = new Set<string>();
  /** The authorization each token was issued under (see `FakeReceived.grant`). */
  private readonly grants = new Map<string, string>();
  private readonly revoked = new Set<string>();
  /** Seconds an access token lives; tests shorten it. */
  accessTtlSeconds: number;
  /** When > 0, that many next API calls answer 429 with Retry-After: 1. */
  throttleNext = 0;
  /** Milliseconds an accepted API call waits before it answers (a slow provider). */
  answerDelayMs = 0;
  /**
   * A refresh issues a new refresh token and revokes the one used, as providers that rotate
   * refresh tokens do: a second refresh with the old one is `invalid_grant`. Off by default.
   */
  rotateRefreshTokens: boolean;
  /** Signed access tokens stay valid across a restart of the app that serves the fake. */
  private readonly signedAccess: boolean;
  /** Signed tokens issued up to this moment were revoked all at once (`revokeAll`). */
  private revokedAllAt = 0;

  constructor(
    readonly provider: string,
    readonly clientId: string,
    readonly clientSecret: string,
    options: { accessTtlSeconds: number; signedAccess?: boolean; rotateRefreshTokens?: boolean },
  ) {
    this.accessTtlSeconds = options.accessTtlSeconds;
    this.rotateRefreshTokens = options.rotateRefreshTokens ?? false;
    this.signedAccess = options.signedAccess ?? false;
  }

  /**
   * A token that proves itself (issue time, expiry, HMAC with the client secret): a restarted
   * sandbox still knows it, as the real provider would (ADR 0025).
   */
  private signedToken(prefix: string, grant: string) {
    const body = `${Date.now()}.${Date.now() + this.accessTtlSeconds * 1000}.${grant}`;
    return `${prefix}${body}.${this.mac(body)}`;
  }

  private mac(body: string) {
    return createHmac('sha256', this.clientSecret).update(body).digest('base64url');
  }

  private isValidSigned(value: string) {
    const prefix = `${this.provider}-at-`;
    if (!this.signedAccess || !value.startsWith(prefix)) return false;
    const body = value.slice(prefix.length, value.lastIndexOf('.'));
    const given = Buffer.from(value.slice(value.lastIndexOf('.') + 1));
    const expected = Buffer.from(this.mac(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const [issuedAt, expiresAt] = body.split('.').map(Number);
    return issuedAt! > this.revokedAllAt && expiresAt! > Date.now() && !this.revoked.has(value);
  }

  /** Records a call the fake received, under the grant of its bearer token (if any). */
  record(kind: string, body: unknown, authorization?: string) {
    const grant = this.grantOf(authorization?.replace(/^Bearer /i, '') ?? '');
    this.received.push({ kind, at: new Date().toISOString(), body, grant });
  }

  /** The grant a token belongs to; a signed access token carries it in its body. */
  grantOf(tokenValue: string): string | null {
    const known = this.grants.get(tokenValue);
    if (known) return known;
    if (!this.isValidSigned(tokenValue)) return null;
    const body = tokenValue.slice(`${this.provider}-at-`.length, tokenValue.lastIndexOf('.'));
    return body.split('.')[2] ?? null;
  }

  /** What was received under these grants, as `/received` serves it (oldest first). */
  receivedIn(grants: ReadonlySet<string>) {
    return this.received
      .filter((entry) => entry.grant !== null && grants.has(entry.grant))
      .map(({ kind, at, body }) => ({ kind, at, body }));
  }

  /**
   * The redirect URIs registered for the client, as a real provider keeps them: the consent
   * page sends a browser only to one of these. Empty: any (a fake started by a test alone).
   */
  readonly redirectUris: string[] = [];

  /** The consent page's refusal of a redirect URI not registered (else null). */
  private unregisteredRedirect(query: Record<string, string | undefined>) {
    if (this.redirectUris.length === 0 || this.redirectUris.includes(query.redirect_uri ?? ''))
      return null;
    return `<!doctype html><html lang="en"><head><title>Invalid redirect</title></head>
<body><main><h1>Invalid redirect</h1><p>This redirect_uri is not registered for the app: nothing was authorized.</p></main></body></html>`;
  }

  /** Registers the consent page at `path` and its decision form at `${path}/decision`. */
  consentRoutes(app: FastifyInstance, path: string, title: string) {
    app.get(path, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const refused = this.unregisteredRedirect(query);
      if (refused) return reply.code(400).type('text/html').send(refused);
      const fields = Object.entries(query)
        .map(
          ([k, v]) =>
            `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v ?? '')}">`,
        )
        .join('');
      const html = `<!doctype html><html lang="en"><head><title>${escapeHtml(title)} sandbox</title></head>
<body><main><h1>${escapeHtml(title)} sandbox</h1><p>Revlane asks to read your ${escapeHtml(title)} data (${escapeHtml(query.scope ?? 'default scopes')}).</p>
<form method="get" action="${escapeHtml(app.prefix + path)}/decision">${fields}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></form></main></body></html>`;
      return reply.type('text/html').send(html);
    });
    app.get(`${path}/decision`, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      // Only to the app's own callback: never an open redirect to whatever a link names.
      const refused = this.unregisteredRedirect(query);
      if (refused) return reply.code(400).type('text/html').send(refused);
      const redirect = new URL(query.redirect_uri ?? '');
      if (query.state) redirect.searchParams.set('state', query.state);
      if (query.client_id !== this.clientId) {
        redirect.searchParams.set('error', 'invalid_client_id');
      } else if (query.decision !== 'allow') {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_description', 'end-user denied authorization');
      } else {
        redirect.searchParams.set('code', this.issueCode(query));
      }
      return reply.redirect(redirect.toString());
    });
  }

  issueCode(query: Record<string, string | undefined>) {
    const code = token('code-');
    this.codes.set(code, {
      clientId: query.client_id ?? '',
      redirectUri: query.redirect_uri ?? '',
      challenge: query.code_challenge,
      scope: query.scope ?? '',
      grant: randomBytes(12).toString('base64url'),
    });
    return code;
  }

  /**
   * Redeems a code once; null (invalid_grant) when unknown, used, or the PKCE check fails.
   * Providers whose token request carries no `redirect_uri` (Intercom) skip that check.
   */
  redeem(form: Record<string, string | undefined>, options = { checksRedirectUri: true }) {
    const pending = this.codes.get(form.code ?? '');
    this.codes.delete(form.code ?? '');
    if (!pending) return null;
    if (options.checksRedirectUri && pending.redirectUri !== form.redirect_uri) return null;
    if (pending.challenge) {
      const digest = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (digest !== pending.challenge) return null;
    }
    const issued = this.issueTokens(pending.grant);
    this.scopes.set(issued.accessToken, pending.scope);
    return { ...issued, scope: pending.scope };
  }

  isClient(form: Record<string, string | undefined>) {
    return form.client_id === this.clientId && form.client_secret === this.clientSecret;
  }

  issueTokens(grant = randomBytes(12).toString('base64url')) {
    const accessToken = this.signedAccess
      ? this.signedToken(`${this.provider}-at-`, grant)
      : token(`${this.provider}-at-`);
    const refreshToken = token(`${this.provider}-rt-`);
    this.access.set(accessToken, Date.now() + this.accessTtlSeconds * 1000);
    this.refresh.add(refreshToken);
    this.grants.set(accessToken, grant).set(refreshToken, grant);
    this.issued.push(accessToken, refreshToken);
    return { accessToken, refreshToken, expiresIn: this.accessTtlSeconds };
  }

  /**
   * A new access token for a live refresh token (and a new refresh token in its place when
   * `rotateRefreshTokens`); null = invalid_grant.
   */
  refreshAccess(
    refreshToken: string | undefined,
  ): { accessToken: string; expiresIn: number; refreshToken?: string } | null {
    if (!refreshToken || !this.refresh.has(refreshToken)) return null;
    const accessToken = token(`${this.provider}-at-`);
    this.access.set(accessToken, Date.now() + this.accessTtlSeconds * 1000);
    const grant = this.grants.get(refreshToken);
    if (grant) this.grants.set(accessToken, grant);
    this.issued.push(accessToken);
    if (!this.rotateRefreshTokens) return { accessToken, expiresIn: this.accessTtlSeconds };
    const rotated = token(`${this.provider}-rt-`);
    this.revoke(refreshToken);
    this.refresh.add(rotated);
    if (grant) this.grants.set(rotated, grant);
    this.issued.push(rotated);
    return { accessToken, expiresIn: this.accessTtlSeconds, refreshToken: rotated };
  }

  /**
   * A token endpoint's grant: an authorization code is redeemed, a refresh token gets a new
   * access token and stays the refresh token (unless rotated); null = invalid_grant.
   */
  grant(form: Record<string, string | undefined>) {
    if (form.grant_type !== 'refresh_token') return this.redeem(form);
    const refreshed = this.refreshAccess(form.refresh_token);
    return (
      refreshed && { ...refreshed, refreshToken: refreshed.refreshToken ?? form.refresh_token! }
    );
  }

  /** The scopes granted with an access token ('' when it was refreshed or is unknown). */
  scopeOf(accessToken: string) {
    return this.scopes.get(accessToken) ?? '';
  }

  revoke(tokenValue: string) {
    this.access.delete(tokenValue);
    this.refresh.delete(tokenValue);
    this.revoked.add(tokenValue);
  }

  /** Revokes every refresh token (the user removed the app at the provider). */
  revokeAll() {
    this.refresh.clear();
    this.access.clear();
    this.revokedAllAt = Date.now();
  }

  /** Expires every access token now, so the next call must refresh. */
  expireAccess() {
    for (const key of this.access.keys()) this.access.set(key, 0);
  }

  isAuthorized(header: string | undefined) {
    const value = header?.replace(/^Bearer /i, '') ?? '';
    return (this.access.get(value) ?? 0) > Date.now() || this.isValidSigned(value);
  }

  answerDelay() {
    const ms = this.answerDelayMs;
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  }

  /** True (and answered) when this call is throttled. */
  throttled(reply: FastifyReply, body: unknown) {
    if (this.throttleNext <= 0) return false;
    this.throttleNext -= 1;
    void reply.code(429).header('retry-after', '1').send(body);
    return true;
  }
}

/** Parses `application/x-www-form-urlencoded` bodies inside a fake's own plugin scope. */
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
