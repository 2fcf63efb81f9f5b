import { z } from 'zod';
import { CONNECTION_PROVIDERS, type ConnectionProvider } from '@revlane/contracts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/** Tokens and codes are sent there: only http(s), never another scheme. */
const url = (fallback: string) =>
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(fallback);

/**
 * OAuth providers' addresses and app credentials (docs/architecture.md §3.3, §6 Connections).
 * Every authorize, token and API root is configuration so tests and the sandbox use fakes.
 */
export const connectionsEnvShape = {
  /** A provider without a client id uses the built-in fake under /sandbox/<provider>. */
  SAAS_SANDBOX: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  SALESFORCE_LOGIN_URL: url('https://login.salesforce.com'),
  SALESFORCE_CLIENT_ID: optionalString,
  SALESFORCE_CLIENT_SECRET: optionalString,
  HUBSPOT_AUTHORIZE_URL: url('https://app.hubspot.com/oauth/authorize'),
  HUBSPOT_API_URL: url('https://api.hubapi.com'),
  HUBSPOT_CLIENT_ID: optionalString,
  HUBSPOT_CLIENT_SECRET: optionalString,
  INTERCOM_AUTHORIZE_URL: url('https://app.intercom.com/oauth'),
  INTERCOM_API_URL: url('https://api.intercom.io'),
  INTERCOM_CLIENT_ID: optionalString,
  INTERCOM_CLIENT_SECRET: optionalString,
  OUTREACH_AUTHORIZE_URL: url('https://api.outreach.io/oauth/authorize'),
  OUTREACH_API_URL: url('https://api.outreach.io'),
  OUTREACH_CLIENT_ID: optionalString,
  OUTREACH_CLIENT_SECRET: optionalString,
  SLACK_AUTHORIZE_URL: url('https://slack.com/oauth/v2/authorize'),
  SLACK_API_URL: url('https://slack.com/api/'),
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
};

type ConnectionsEnv = z.infer<z.ZodObject<typeof connectionsEnvShape>>;

/** One provider as the connections use it; `sandbox` = the app's own fake. */
export interface ProviderSettings {
  /** False when it has no client id and the sandbox is off: its card says so. */
  isAvailable: boolean;
  sandbox: boolean;
  clientId: string;
  clientSecret: string;
  /** Salesforce: the login URL (authorize and token below it); others: the authorize page. */
  authorizeUrl: string;
  apiUrl: string;
}

export type ConnectionsSettings = Record<ConnectionProvider, ProviderSettings>;

export const SANDBOX_CLIENT = { clientId: 'revlane-sandbox', clientSecret: 'sandbox-secret' };

const sandboxPaths: Record<ConnectionProvider, { authorize: string; api: string }> = {
  salesforce: { authorize: '', api: '' },
  hubspot: { authorize: '/oauth/authorize', api: '' },
  intercom: { authorize: '/oauth', api: '' },
  outreach: { authorize: '/oauth/authorize', api: '' },
  slack: { authorize: '/oauth/v2/authorize', api: '/api/' },
};

/**
 * Resolves each provider: configured credentials (real provider), else the sandbox served
 * by this app when SAAS_SANDBOX is on, else unavailable. Returns the problems found too
 * (a client id without its secret), which stop the start.
 */
export function resolveConnections(
  e: ConnectionsEnv,
  appUrl: string,
): { settings: ConnectionsSettings; problems: string[] } {
  const problems: string[] = [];
  const configured: Record<
    ConnectionProvider,
    [string | undefined, string | undefined, string, string]
  > = {
    salesforce: [
      e.SALESFORCE_CLIENT_ID,
      e.SALESFORCE_CLIENT_SECRET,
      e.SALESFORCE_LOGIN_URL,
      e.SALESFORCE_LOGIN_URL,
    ],
    hubspot: [
      e.HUBSPOT_CLIENT_ID,
      e.HUBSPOT_CLIENT_SECRET,
      e.HUBSPOT_AUTHORIZE_URL,
      e.HUBSPOT_API_URL,
    ],
    intercom: [
      e.INTERCOM_CLIENT_ID,
      e.INTERCOM_CLIENT_SECRET,
      e.INTERCOM_AUTHORIZE_URL,
      e.INTERCOM_API_URL,
    ],
    outreach: [
      e.OUTREACH_CLIENT_ID,
      e.OUTREACH_CLIENT_SECRET,
      e.OUTREACH_AUTHORIZE_URL,
      e.OUTREACH_API_URL,
    ],
    slack: [e.SLACK_CLIENT_ID, e.SLACK_CLIENT_SECRET, e.SLACK_AUTHORIZE_URL, e.SLACK_API_URL],
  };
  const settings = {} as ConnectionsSettings;
  for (const provider of CONNECTION_PROVIDERS) {
    const [clientId, clientSecret, authorizeUrl, apiUrl] = configured[provider];
    const name = provider.toUpperCase();
    if (clientId && !clientSecret)
      problems.push(`${name}_CLIENT_SECRET: required when ${name}_CLIENT_ID is set`);
    if (clientId) {
      settings[provider] = {
        isAvailable: true,
        sandbox: false,
        clientId,
        clientSecret: clientSecret ?? '',
        authorizeUrl,
        apiUrl,
      };
      continue;
    }
    const root = `${appUrl}/sandbox/${provider}`;
    settings[provider] = {
      isAvailable: e.SAAS_SANDBOX,
      sandbox: true,
      ...SANDBOX_CLIENT,
      authorizeUrl: root + sandboxPaths[provider].authorize,
      apiUrl: root + sandboxPaths[provider].api,
    };
  }
  return { settings, problems };
}

export const connectionProviders = CONNECTION_PROVIDERS;
