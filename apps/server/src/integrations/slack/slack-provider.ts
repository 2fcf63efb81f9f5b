import { LogLevel, WebClient, type WebClientOptions } from '@slack/web-api';
import type { ProviderSettings } from '../../platform/connections-config.js';
import type { OAuthProvider } from '../core/oauth-provider.js';

/** `*:history` lets the Slack sender look for a message an earlier attempt may have posted (ADR 0023). */
export const SLACK_BOT_SCOPES = [
  'chat:write',
  'channels:read',
  'groups:read',
  'channels:history',
  'groups:history',
];

/**
 * The official client at the configured API root; it waits out 429s by their Retry-After
 * unless `options` say to hand them back (the Slack sender waits itself, ADR 0025).
 */
export function slackClient(
  settings: ProviderSettings,
  token?: string,
  options: Pick<WebClientOptions, 'rejectRateLimitedCalls' | 'retryConfig'> = {},
) {
  const apiUrl = settings.apiUrl.endsWith('/') ? settings.apiUrl : `${settings.apiUrl}/`;
  return new WebClient(token, {
    slackApiUrl: apiUrl,
    logLevel: LogLevel.ERROR,
    retryConfig: { retries: 3, factor: 1, minTimeout: 100, maxTimeout: 1000 },
    ...options,
  });
}

/** Slack's OAuth v2 app install with bot scopes; bot tokens do not expire. */
export const slackProvider: OAuthProvider = {
  usesPkce: false,
  authorizeUrl(settings, request) {
    const url = new URL(settings.authorizeUrl);
    url.searchParams.set('client_id', settings.clientId);
    url.searchParams.set('scope', SLACK_BOT_SCOPES.join(','));
    url.searchParams.set('redirect_uri', request.redirectUri);
    url.searchParams.set('state', request.state);
    return url.toString();
  },
  async exchange(settings, grant) {
    const result = await slackClient(settings).oauth.v2.access({
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      code: grant.code,
      redirect_uri: grant.redirectUri,
    });
    return {
      tokens: { accessToken: result.access_token ?? '', refreshToken: null, expiresAt: null },
      account: result.team?.name ?? 'Slack workspace',
      access: 'read_write',
    };
  },
  async revoke(settings, tokens) {
    await slackClient(settings, tokens.accessToken).auth.revoke();
  },
};
