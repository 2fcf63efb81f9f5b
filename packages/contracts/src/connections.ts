import { z } from 'zod';

/** OAuth connections of an organization (docs/architecture.md §6, Connections). */
export const CONNECTION_PROVIDERS = [
  'salesforce',
  'hubspot',
  'intercom',
  'outreach',
  'slack',
] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

/** Providers whose records a sync lands in the warehouse (Slack only carries messages). */
export const CRM_PROVIDERS = ['salesforce', 'hubspot', 'intercom', 'outreach'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];

export const CONNECTION_STATUSES = [
  'not_connected',
  'connected',
  'syncing',
  'error',
  'reconnect_needed',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const CONNECTION_ACCESS = ['read', 'read_write'] as const;
export type ConnectionAccess = (typeof CONNECTION_ACCESS)[number];

export const connectionSchema = z.object({
  provider: z.enum(CONNECTION_PROVIDERS),
  status: z.enum(CONNECTION_STATUSES),
  /** The provider's org, portal or workspace name. */
  account: z.string().nullable(),
  access: z.enum(CONNECTION_ACCESS).nullable(),
  connectedAt: z.iso.datetime().nullable(),
  lastSyncAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  /** True when the connection talks to the built-in fake provider (`/sandbox/<provider>`). */
  sandbox: z.boolean(),
  /**
   * False when the app has no client id for the provider and `SAAS_SANDBOX=false`: nothing
   * to connect to until it is configured, and the card says so.
   */
  available: z.boolean(),
  /** The source its syncs run as (CRMs once connected), so its runs can be followed. */
  sourceId: z.uuid().nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionListSchema = z.array(connectionSchema);

export const connectionProviderParamsSchema = z.strictObject({
  provider: z.enum(CONNECTION_PROVIDERS),
});

export const authorizeResponseSchema = z.object({ authorizeUrl: z.url() });
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

/** The provider's redirect to `connections/{provider}/oauth` (an OAuth 2.0 callback). */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** Query of `/app/connections` after the round trip: what the toast says. */
export const CONNECTION_RESULT_PARAMS = { connected: 'connected', error: 'error' } as const;

/** API paths of the composer's connections, relative to its base URL. */
export const CONNECTIONS_API = {
  list: 'connections',
  one: (provider: string) => `connections/${provider}`,
  callback: (provider: string) => `connections/${provider}/oauth`,
  syncs: (provider: string) => `connections/${provider}/syncs`,
  dependents: (provider: string) => `connections/${provider}/dependents`,
  intercomWriteAccess: 'connections/intercom/write-access',
} as const;

export const CONNECTION_LABELS: Record<ConnectionProvider, string> = {
  salesforce: 'Salesforce',
  hubspot: 'HubSpot',
  intercom: 'Intercom',
  outreach: 'Outreach',
  slack: 'Slack',
};
