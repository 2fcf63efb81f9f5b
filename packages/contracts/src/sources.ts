import { z } from 'zod';

/**
 * Data sources and their syncs (composer service, docs/architecture.md §5.1 and ADR 0018):
 * a source is a connection to customer data whose selected tables land as raw tables in the
 * organization's warehouse.
 */
/** The sources a user adds by hand (the "Add data source" wizard offers these). */
export const DATA_SOURCE_TYPES = ['postgres', 'mysql', 'csv', 'google_sheets', 'redash'] as const;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];

export const SOURCE_TYPES = [
  ...DATA_SOURCE_TYPES,
  // A connected CRM syncs as a source of its own type (created by its connection, never by
  // POST sources), so its records land as raw tables like any source's.
  'salesforce',
  'hubspot',
  'intercom',
  'outreach',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const SOURCE_SCHEDULES = ['manual', 'hourly', 'daily'] as const;
export type SourceSchedule = (typeof SOURCE_SCHEDULES)[number];

/** How a database connection uses TLS (libpq's names; MySQL follows the same meaning). */
export const TLS_MODES = ['disable', 'prefer', 'require', 'verify-full'] as const;
export type TlsMode = (typeof TLS_MODES)[number];

export const SOURCE_NAME_MAX = 100;
export const SYNC_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export const PREVIEW_LIMIT_MAX = 100;

const sourceNameSchema = z
  .string()
  .trim()
  .min(1, 'A source needs a name')
  .max(SOURCE_NAME_MAX, `At most ${SOURCE_NAME_MAX} characters`);
const hostSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(253)
  .regex(/^[A-Za-z0-9.:_[\]-]+$/, 'A host name or an IP address');
const secretText = z.string().min(1).max(10_000);

const databaseConfigFields = {
  host: hostSchema,
  port: z.number().int().min(1).max(65535).optional(),
  database: z.string({ error: 'Required' }).trim().min(1, 'Required').max(128),
  user: z.string({ error: 'Required' }).trim().min(1, 'Required').max(128),
  /** Secret: sealed at rest, never returned. */
  password: secretText.optional(),
  tlsMode: z.enum(TLS_MODES).default('prefer'),
};
export const postgresConfigSchema = z.strictObject({
  ...databaseConfigFields,
  /** The schema whose tables are offered; default `public`. */
  schema: z.string().trim().min(1).max(63).optional(),
});
export const mysqlConfigSchema = z.strictObject(databaseConfigFields);
/** A CSV source's file arrives by upload (`/transfer/files`); the config names it. */
export const csvConfigSchema = z.strictObject({
  fileName: z.string().trim().min(1).max(255).optional(),
});
/** A Google service account's key file as Google issues it (JSON). */
export function isServiceAccountKey(text: string): boolean {
  try {
    const key = JSON.parse(text) as Record<string, unknown>;
    return (
      typeof key.client_email === 'string' &&
      typeof key.private_key === 'string' &&
      key.private_key.includes('PRIVATE KEY')
    );
  } catch {
    return false;
  }
}
export const googleSheetsConfigSchema = z.strictObject({
  spreadsheetId: z
    .string({ error: 'Required' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{10,100}$/, 'The id from the sheet’s address'),
  /** Secret: a service-account key (JSON); default the deployment's own account. */
  serviceAccountKey: secretText
    .refine(isServiceAccountKey, 'A service account’s JSON key (with client_email and private_key)')
    .optional(),
});
export const redashConfigSchema = z.strictObject({
  url: z.url({ error: 'An http(s) address' }).regex(/^https?:\/\//, 'An http(s) address'),
  /** Secret: the user's Redash API key. */
  apiKey: secretText.optional(),
});

/** A CRM source's config: which connection it syncs through (its tokens stay with that). */
export const crmSourceConfigSchema = z.strictObject({ sandbox: z.boolean().optional() });

/** The config fields that are secrets, per type: sealed at rest and never answered. */
export const SECRET_FIELDS: Record<SourceType, readonly string[]> = {
  postgres: ['password'],
  mysql: ['password'],
  csv: [],
  google_sheets: ['serviceAccountKey'],
  redash: ['apiKey'],
  salesforce: [],
  hubspot: [],
  intercom: [],
  outreach: [],
};

const typed = <T extends SourceType, C extends z.ZodType>(type: T, config: C) =>
  z.strictObject({ type: z.literal(type), name: sourceNameSchema, config });

/** `POST sources` and `POST sources/test`: the config shape follows `type`. */
export const createSourceBodySchema = z.discriminatedUnion('type', [
  typed('postgres', postgresConfigSchema),
  typed('mysql', mysqlConfigSchema),
  typed('csv', csvConfigSchema),
  typed('google_sheets', googleSheetsConfigSchema),
  typed('redash', redashConfigSchema),
]);
export type CreateSourceBody = z.infer<typeof createSourceBodySchema>;
export type SourceConfig = CreateSourceBody['config'];

/** `POST sources/test`: the name is not needed to test. */
export const testSourceBodySchema = z.discriminatedUnion('type', [
  typed('postgres', postgresConfigSchema).partial({ name: true }),
  typed('mysql', mysqlConfigSchema).partial({ name: true }),
  typed('csv', csvConfigSchema).partial({ name: true }),
  typed('google_sheets', googleSheetsConfigSchema).partial({ name: true }),
  typed('redash', redashConfigSchema).partial({ name: true }),
]);
export type TestSourceBody = z.infer<typeof testSourceBodySchema>;

/**
 * `POST sources/{id}/test`: with `config`, the form's values merged over the saved ones (a
 * secret left out keeps its value), tested and not saved; without, the saved config.
 */
export const testSavedSourceBodySchema = z
  .strictObject({ config: z.record(z.string(), z.unknown()).optional() })
  // No body at all arrives as null.
  .nullish();
export type TestSavedSourceBody = z.infer<typeof testSavedSourceBodySchema>;

/**
 * A table to load; with `cursorColumn` later syncs load only rows past the last value seen,
 * and with `primaryKey` too, a row loaded again replaces the one of the same key instead of
 * landing beside it.
 */
export const selectedTableSchema = z.strictObject({
  name: z.string().trim().min(1).max(255),
  cursorColumn: z.string().trim().min(1).max(255).optional(),
  primaryKey: z.string().trim().min(1).max(255).optional(),
  /** Columns left out of the load (database sources: PostgreSQL, MySQL). */
  excludeColumns: z.array(z.string().trim().min(1).max(255)).max(1000).optional(),
});
export type SelectedTable = z.infer<typeof selectedTableSchema>;

/**
 * `PATCH sources/{id}`. `config` is merged over the stored one: a secret left out keeps its
 * value (the client never has it to send back). Selecting several tables is the "batch".
 */
export const updateSourceBodySchema = z
  .strictObject({
    name: sourceNameSchema.optional(),
    config: z.record(z.string(), z.unknown()).optional(),
    selectedTables: z.array(selectedTableSchema).max(200).optional(),
    schedule: z.enum(SOURCE_SCHEDULES).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateSourceBody = z.infer<typeof updateSourceBodySchema>;

/** What every load run answers (a sync, a mapping publish): status, rows, times, error. */
export const runSchema = z.object({
  id: z.string(),
  status: z.enum(SYNC_STATUSES),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type Run = z.infer<typeof runSchema>;

/**
 * A column whose values did not all land as the source holds them (zero dates landed empty,
 * digits beyond what an exact decimal holds kept as text, …): how many values, one of them
 * as the source wrote it, and what happened in words. A sync with warnings still succeeds.
 */
export const landingWarningSchema = z.object({
  column: z.string(),
  count: z.number().int(),
  example: z.string().nullable(),
  message: z.string(),
});
export type LandingWarning = z.infer<typeof landingWarningSchema>;

/** A source column as it landed: its source type, what it landed as, and a note if any. */
export const landedColumnSchema = z.object({
  name: z.string(),
  /** The warehouse column (a safe identifier); `name` is the label users see. */
  warehouseName: z.string(),
  sourceType: z.string(),
  /** `text`, `bigint`, `decimal(38,10)`, `date`, `text_list`, … */
  landedAs: z.string(),
  /** What a user should know: "money: the currency symbol is dropped", a date format, … */
  note: z.string().optional(),
});
export type LandedColumn = z.infer<typeof landedColumnSchema>;

export const syncSchema = runSchema.extend({
  sourceId: z.string(),
  /** Per table: rows, whether it was incremental, and schema drift against the last load. */
  tables: z.array(
    z.object({
      name: z.string(),
      warehouseTable: z.string(),
      rows: z.number().int(),
      incremental: z.boolean(),
      addedColumns: z.array(z.string()),
      droppedColumns: z.array(z.string()),
      changedColumns: z.array(z.object({ name: z.string(), from: z.string(), to: z.string() })),
      /** The table's columns as they landed (absent on runs before exact types). */
      columns: z.array(landedColumnSchema).optional(),
      warnings: z.array(landingWarningSchema).optional(),
    }),
  ),
  /** Every table's warnings, each naming its table: what the run and source card show. */
  warnings: z.array(landingWarningSchema.extend({ table: z.string() })),
});
export type Sync = z.infer<typeof syncSchema>;
export type SyncTableReport = Sync['tables'][number];

/**
 * A source as answered: `config` without its secrets; `secretsSet` names the secret fields
 * that hold a value (the only thing ever said about them).
 */
export const sourceSchema = z.object({
  id: z.string(),
  type: z.enum(SOURCE_TYPES),
  name: z.string(),
  config: z.record(z.string(), z.unknown()),
  secretsSet: z.array(z.string()),
  selectedTables: z.array(selectedTableSchema),
  schedule: z.enum(SOURCE_SCHEDULES),
  lastSync: syncSchema.nullable(),
  /** Rows of the source's tables now in the warehouse (null before the first load). */
  rowsInWarehouse: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Source = z.infer<typeof sourceSchema>;

export const testResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type TestResult = z.infer<typeof testResultSchema>;

export const discoveredColumnSchema = z.object({ name: z.string(), type: z.string() });
export const discoveredTableSchema = z.object({
  name: z.string(),
  columns: z.array(discoveredColumnSchema),
  rowEstimate: z.number().int().nullable(),
});
export type DiscoveredTable = z.infer<typeof discoveredTableSchema>;

/** A Google Sheets tab (`GET sources/{id}/google-sheets/tabs`): a table plus its sheet id. */
export const sheetTabSchema = discoveredTableSchema.extend({ sheetId: z.number().int() });
export type SheetTab = z.infer<typeof sheetTabSchema>;

export const tablePreviewSchema = z.object({
  columns: z.array(discoveredColumnSchema),
  rows: z.array(z.record(z.string(), z.unknown())),
});
export type TablePreview = z.infer<typeof tablePreviewSchema>;

/** Composer paths for sources and syncs, relative to its base URL. */
export const SOURCES_API = {
  sources: 'sources',
  source: (id: string) => `sources/${id}`,
  dependents: (id: string) => `sources/${id}/dependents`,
  test: 'sources/test',
  sourceTest: (id: string) => `sources/${id}/test`,
  tables: (id: string) => `sources/${id}/tables`,
  preview: (id: string, table: string) => `sources/${id}/tables/${table}/preview`,
  redashQueries: (id: string) => `sources/${id}/redash/queries`,
  sheetTabs: (id: string) => `sources/${id}/google-sheets/tabs`,
  sourceSyncs: (id: string) => `sources/${id}/syncs`,
  sync: (id: string) => `syncs/${id}`,
} as const;

/** tus uploads (`/transfer/files`): metadata keys the client sends. */
export const UPLOAD_METADATA = { fileName: 'filename', sourceId: 'sourceId' } as const;

/**
 * `GET sources/{id}/dependents`: what deleting the source would break (ADR 0006): the mapping
 * reading it, and the cohorts, alerts and plays over the entities it builds.
 */
export const sourceDependentSchema = z.object({
  kind: z.string(),
  id: z.string(),
  name: z.string(),
});
export type SourceDependentView = z.infer<typeof sourceDependentSchema>;

/** Answers of list and start routes, shared by the routes and the SPA. */
export const sourceListSchema = z.array(sourceSchema);
export const discoveredTableListSchema = z.array(discoveredTableSchema);
export const syncStartedSchema = z.object({ id: z.string() });
