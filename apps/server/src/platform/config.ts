import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './delivery/retry-schedule.js';
import {
  API_AUDIENCE,
  FEATURE_FLAG_DEFAULTS,
  FEATURE_FLAG_NAMES,
  IDLE_PROMPT_MINUTES,
  IDLE_TIMEOUT_MINUTES,
  isServiceAccountKey,
  newPasswordSchema,
  type FeatureFlags,
} from '@revlane/contracts';
import {
  connectionsEnvShape,
  resolveConnections,
  type ConnectionsSettings,
} from './connections-config.js';
import { parseSecretKey } from './secrets/secret-key.js';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** The processes Revlane runs as (docs/deploy.md). */
export const PROCESS_ROLES = ['all', 'web', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** Every environment variable the server reads; README's configuration table mirrors this. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  APP_URL: optionalUrl,
  REVLANE_DATA_DIR: z.string().default('.revlane'),
  DATABASE_URL: optionalUrl,
  /** Analytical warehouse: unset = DuckDB files under `<dataDir>/warehouse/`; a postgres:// URL = PostgreSQL. */
  WAREHOUSE_URL: optionalUrl.refine(
    (url) => url === undefined || /^postgres(ql)?:\/\//.test(url),
    'must be a postgres:// URL (leave unset for DuckDB)',
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  AUTH0_DOMAIN: optionalString,
  AUTH0_CLIENT_ID: optionalString,
  AUTH0_AUDIENCE: z.string().default(API_AUDIENCE),
  IDP_CLIENT_ID: z.string().min(1).default('revlane-web'),
  /** A password the seeded users could also have chosen: the one rule for new passwords. */
  DEMO_PASSWORD: newPasswordSchema.optional(),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  IDLE_TIMEOUT_MINUTES: z.coerce.number().positive().default(IDLE_TIMEOUT_MINUTES),
  IDLE_PROMPT_MINUTES: z.coerce.number().positive().default(IDLE_PROMPT_MINUTES),
  SCHEDULING_URL: z.url().default('https://calendly.com/revlane/demo'),
  /** The address users share sheets with; default the key's `client_email`, else the demo's. */
  GOOGLE_SERVICE_ACCOUNT_EMAIL: optionalString,
  MAIN_API_URL: optionalUrl,
  USER_API_URL: optionalUrl,
  COMPOSER_API_URL: optionalUrl,
  LIVE_OPS_API_URL: optionalUrl,
  CONTENT_API_URL: optionalUrl,
  TRANSFER_API_URL: optionalUrl,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * What this process does (docs/deploy.md): `all` (HTTP and job workers, one process),
   * `web` (HTTP only) or `worker` (job workers and the health probes).
   */
  REVLANE_ROLE: z.preprocess(emptyToUndefined, z.enum(PROCESS_ROLES).optional()),
  /** The older switch: false = `web` (this process only enqueues jobs). REVLANE_ROLE wins. */
  JOBS_WORKERS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  /** Rate-limit counters in Redis instead of the metadata database (several web processes). */
  REDIS_URL: optionalUrl.refine(
    (url) => url === undefined || /^rediss?:\/\//.test(url),
    'must be a redis:// or rediss:// URL',
  ),
  /** Where CSV uploads and uploaded files live; every web and worker process must share it. */
  UPLOAD_DIR: optionalString,
  /** How often idle workers look for jobs; pg-boss refuses less than half a second. */
  JOBS_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** How long a worker holds an alert delivery it is sending; a killed worker's runs out (ADR 0023). */
  ALERT_DELIVERY_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
  /** A play run's claim on its items (renewed while it sends); a killed worker's lapses then. */
  PLAY_ITEM_LEASE_SECONDS: z.coerce.number().min(1).max(3_600).default(60),
  /** Seconds between delivery attempts of play actions and alert channels, comma-separated. */
  DELIVERY_RETRY_SCHEDULE: z
    .string()
    .default(DEFAULT_RETRY_SCHEDULE)
    .transform((text, context) => {
      const schedule = parseRetrySchedule(text);
      if (schedule) return schedule;
      context.addIssue({
        code: 'custom',
        message: 'must be seconds between attempts, comma-separated (5,300,1800)',
      });
      return z.NEVER;
    }),
  /** Outgoing mail (reset links): unset = the local outbox that `npm run outbox` prints. */
  SMTP_URL: optionalUrl.refine(
    (url) => url === undefined || /^smtps?:\/\//.test(url),
    'must be an smtp:// or smtps:// URL (leave unset for the local outbox)',
  ),
  MAIL_FROM: z.string().min(3).default('Revlane <no-reply@revlane.local>'),
  /** Origins (comma-separated) whose pages may call the API from a browser, besides APP_URL's. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((url) => new URL(url).origin))),
  /** Requests per minute; 0 turns that limit off (docs/decisions/0012-hardening-policy.md). */
  RATE_LIMIT_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_USER_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_STRICT_PER_MINUTE: z.coerce.number().int().min(0).default(20),
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For) and protocol:
   * false, true (any), a hop count, or comma-separated addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text): boolean | number | string => {
      const value = text.trim();
      if (value === 'true' || value === 'false') return value === 'true';
      return /^\d+$/.test(value) ? Number(value) : value;
    })
    .refine(
      (value) => typeof value !== 'string' || /^[\d.:a-fA-F/, ]+$/.test(value),
      'must be true, false, a hop count, or comma-separated addresses/CIDRs',
    ),
  /** Seals secrets at rest; unset = a key generated into the data directory (mode 0600). */
  REVLANE_SECRET_KEY: optionalString.refine(
    (key) => key === undefined || parseSecretKey(key) !== null,
    'must be 32 bytes: 64 hex digits or base64',
  ),
  /** Sources may reach loopback and private addresses (self-hosting next to one's own database). */
  OUTBOUND_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Largest CSV upload (tus), in bytes; default 2 GiB. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  /** Google Sheets API root (the official client's `rootUrl`); sandbox and tests point it at a fake. */
  GOOGLE_SHEETS_API_URL: z.url().default('https://sheets.googleapis.com/'),
  /** Google's OAuth token endpoint, where the service account's signed JWT becomes a token. */
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  /** The deployment's service-account key (JSON, a secret): reads the sheets shared with it. */
  GOOGLE_SERVICE_ACCOUNT_KEY: optionalString.refine(
    (key) => key === undefined || isServiceAccountKey(key),
    'must be a service account’s JSON key (with client_email and private_key)',
  ),
  /** Feature flags turned on, comma-separated (`edit_play_schedule`); every other flag is off. */
  FEATURE_FLAGS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((flag) => flag.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.enum(FEATURE_FLAG_NAMES, {
          error: `must be flag names among: ${FEATURE_FLAG_NAMES.join(', ')}`,
        }),
      ),
    ),
  ...connectionsEnvShape,
});

export interface AppConfigServer {
  /** `all`: one process does everything; `web` serves HTTP; `worker` runs the jobs. */
  role: ProcessRole;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  warehouseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  identity:
    | { kind: 'embedded'; issuer: string; domain: string; clientId: string; audience: string }
    | { kind: 'external'; issuer: string; domain: string; clientId: string; audience: string };
  /** isDefaultPassword: DEMO_PASSWORD unset, so the password is the README's (printable). */
  demo: { seed: boolean; password: string; isDefaultPassword: boolean };
  idle: { timeoutMinutes: number; promptMinutes: number };
  schedulingUrl: string;
  googleServiceAccountEmail: string;
  services: {
    main: string;
    user: string;
    composer: string;
    liveOps: string;
    content: string;
    transfer: string;
  };
  shutdownTimeoutMs: number;
  jobs: { isWorking: boolean; pollingIntervalSeconds: number };
  /** Shared rate-limit counters: Redis when set, else the metadata database on PostgreSQL. */
  redisUrl: string | undefined;
  /** Uploads in progress and uploaded CSV files; shared by every process (docs/deploy.md). */
  uploadDir: string;
  alerts: { deliveryLeaseMs: number };
  plays: { itemLeaseMs: number };
  /** Seconds between attempts of every delivery (plays and alerts); its length + 1 tries. */
  delivery: { retryScheduleSeconds: number[] };
  /** Origins allowed to call the API from a browser: APP_URL's and CORS_ORIGINS. */
  corsOrigins: string[];
  /** Requests per minute (0 = off): per client address and per user on the API, strict routes. */
  rateLimits: { perAddress: number; perUser: number; strict: number };
  trustProxy: boolean | number | string;
  /** The configured secret key (never logged); undefined = the data directory's own. */
  secretKey: string | undefined;
  /** SMTP server URL (may hold a password: never logged), or undefined for the outbox. */
  mail: { smtpUrl: string | undefined; from: string };
  sources: {
    allowPrivateHosts: boolean;
    uploadMaxBytes: number;
    googleSheets: GoogleSheetsSettings;
  };
  /** OAuth providers: real (client id set), the app's sandbox, or unavailable. */
  connections: ConnectionsSettings;
  /** Feature flags (FEATURE_FLAGS), served in `/config.json` and checked by the API. */
  featureFlags: FeatureFlags;
}

/** Where the Sheets API and Google's token endpoint are, and the deployment's key (secret). */
export interface GoogleSheetsSettings {
  apiUrl: string;
  tokenUrl: string;
  /** Set at start by the sandbox (a key its fake trusts) when `sandbox` is on. */
  serviceAccountKey: string | undefined;
  /**
   * No key configured and SAAS_SANDBOX on: the app serves a Sheets fake under
   * /sandbox/google-sheets and signs in to it as the demo service account (ADR 0017).
   */
  sandbox: boolean;
}

const DEMO_SERVICE_ACCOUNT = 'sheets@revlane-demo.iam.gserviceaccount.com';

function googleSheetsSettings(e: z.output<typeof envSchema>, appUrl: string): GoogleSheetsSettings {
  if (e.GOOGLE_SERVICE_ACCOUNT_KEY || !e.SAAS_SANDBOX)
    return {
      apiUrl: e.GOOGLE_SHEETS_API_URL,
      tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
      serviceAccountKey: e.GOOGLE_SERVICE_ACCOUNT_KEY,
      sandbox: false,
    };
  const root = `${appUrl}/sandbox/google-sheets/`;
  return { apiUrl: root, tokenUrl: `${root}token`, serviceAccountKey: undefined, sandbox: true };
}
const clientEmailOf = (key: string | undefined) =>
  key ? (JSON.parse(key) as { client_email: string }).client_email : undefined;

/** The README's demo password, used when DEMO_PASSWORD is unset. */
export const DEFAULT_DEMO_PASSWORD = 'revlane-demo-2022';

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function withScheme(domain: string): string {
  return /^https?:\/\//.test(domain) ? domain.replace(/\/$/, '') : `https://${domain}`;
}

/** REVLANE_ROLE, else JOBS_WORKERS=false as `web`; the two must not disagree. */
function roleOf(e: z.output<typeof envSchema>): ProcessRole {
  const fromAlias =
    e.JOBS_WORKERS === undefined ? undefined : e.JOBS_WORKERS === 'true' ? 'all' : 'web';
  if (e.REVLANE_ROLE && fromAlias) {
    const agrees = e.REVLANE_ROLE === 'web' ? fromAlias === 'web' : fromAlias === 'all';
    if (!agrees)
      throw new ConfigError(
        `Invalid configuration:\n  JOBS_WORKERS: ${e.JOBS_WORKERS} contradicts REVLANE_ROLE=${e.REVLANE_ROLE}; leave JOBS_WORKERS unset`,
      );
  }
  return e.REVLANE_ROLE ?? fromAlias ?? 'all';
}

/**
 * A `web` or `worker` process is one of several: they can only share server stores. PGlite
 * and DuckDB files belong to one process, and each process needs the same secret key
 * (docs/deploy.md). Checked when a process starts, not by `loadConfig`, so tests can build
 * a web-only app on the embedded stores.
 */
export function scaleOutProblems(config: AppConfigServer): string[] {
  if (config.role === 'all') return [];
  const problems: string[] = [];
  const role = `REVLANE_ROLE=${config.role}`;
  if (!config.databaseUrl || !config.warehouseUrl)
    problems.push(
      `${role} runs beside other processes, which cannot share the embedded stores (PGlite, DuckDB files): set DATABASE_URL and WAREHOUSE_URL to PostgreSQL${config.databaseUrl ? '' : ' (DATABASE_URL is unset)'}${config.warehouseUrl ? '' : ' (WAREHOUSE_URL is unset)'}`,
    );
  if (!config.secretKey)
    problems.push(
      `${role}: set REVLANE_SECRET_KEY, the same in every process (each would otherwise seal secrets with its own key)`,
    );
  return problems;
}

/** Reads and validates the environment; a bad value throws naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfigServer {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const role = roleOf(parsed.data);
  // The sandbox SaaS keep their state in one process's memory: only `all` serves them.
  const e = { ...parsed.data, SAAS_SANDBOX: parsed.data.SAAS_SANDBOX && role === 'all' };
  if (e.AUTH0_DOMAIN && !e.AUTH0_CLIENT_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH0_CLIENT_ID: required when AUTH0_DOMAIN is set',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const connections = resolveConnections(e, appUrl);
  if (connections.problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n  ${connections.problems.join('\n  ')}`);
  const identity = e.AUTH0_DOMAIN
    ? {
        kind: 'external' as const,
        domain: withScheme(e.AUTH0_DOMAIN),
        issuer: `${withScheme(e.AUTH0_DOMAIN)}/`,
        clientId: e.AUTH0_CLIENT_ID!,
        audience: e.AUTH0_AUDIENCE,
      }
    : {
        kind: 'embedded' as const,
        domain: `${appUrl}/idp`,
        issuer: `${appUrl}/idp/`,
        clientId: e.IDP_CLIENT_ID,
        audience: e.AUTH0_AUDIENCE,
      };
  const dataDir = path.resolve(e.REVLANE_DATA_DIR);
  return {
    role,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    warehouseUrl: e.WAREHOUSE_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    identity,
    demo: {
      seed: e.SEED_DEMO,
      password: e.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
      isDefaultPassword: e.DEMO_PASSWORD === undefined,
    },
    idle: { timeoutMinutes: e.IDLE_TIMEOUT_MINUTES, promptMinutes: e.IDLE_PROMPT_MINUTES },
    schedulingUrl: e.SCHEDULING_URL,
    googleServiceAccountEmail:
      e.GOOGLE_SERVICE_ACCOUNT_EMAIL ??
      clientEmailOf(e.GOOGLE_SERVICE_ACCOUNT_KEY) ??
      DEMO_SERVICE_ACCOUNT,
    services: {
      main: e.MAIN_API_URL ?? `${appUrl}/api/v1`,
      user: e.USER_API_URL ?? `${appUrl}/user/api/v1`,
      composer: e.COMPOSER_API_URL ?? `${appUrl}/composer/api/v1`,
      liveOps: e.LIVE_OPS_API_URL ?? `${appUrl}/live-ops/api/v1`,
      content: e.CONTENT_API_URL ?? `${appUrl}/content/api/v1`,
      transfer: e.TRANSFER_API_URL ?? `${appUrl}/transfer`,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobs: { isWorking: role !== 'web', pollingIntervalSeconds: e.JOBS_POLLING_INTERVAL_SECONDS },
    redisUrl: e.REDIS_URL,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    alerts: { deliveryLeaseMs: e.ALERT_DELIVERY_LEASE_SECONDS * 1000 },
    plays: { itemLeaseMs: e.PLAY_ITEM_LEASE_SECONDS * 1000 },
    delivery: { retryScheduleSeconds: e.DELIVERY_RETRY_SCHEDULE },
    corsOrigins: [...new Set([new URL(appUrl).origin, ...e.CORS_ORIGINS])],
    rateLimits: {
      perAddress: e.RATE_LIMIT_ADDRESS_PER_MINUTE,
      perUser: e.RATE_LIMIT_USER_PER_MINUTE,
      strict: e.RATE_LIMIT_STRICT_PER_MINUTE,
    },
    trustProxy: e.TRUST_PROXY,
    secretKey: e.REVLANE_SECRET_KEY,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sources: {
      allowPrivateHosts: e.OUTBOUND_ALLOW_PRIVATE_HOSTS,
      uploadMaxBytes: e.UPLOAD_MAX_BYTES,
      googleSheets: googleSheetsSettings(e, appUrl),
    },
    connections: connections.settings,
    featureFlags: {
      ...FEATURE_FLAG_DEFAULTS,
      ...Object.fromEntries(e.FEATURE_FLAGS.map((flag) => [flag, true])),
    },
  };
}
