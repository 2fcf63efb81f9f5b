import { z } from 'zod';

/**
 * Activations (docs/product.md §7a, ADR 0033): keep a destination's records equal to a cohort
 * (reverse ETL). Main service, `/api/v1/activations`.
 */
export const ACTIVATION_NAME_MAX = 100;
/** Mapped fields per activation. */
export const ACTIVATION_FIELDS_MAX = 50;
/** Records a run's log answers per page. */
export const ACTIVATION_RECORDS_PER_PAGE = 50;
/** Sample changes a dry run shows before the first real run. */
export const ACTIVATION_DRY_RUN_SAMPLES = 20;

export const ACTIVATION_PROVIDERS = ['salesforce', 'hubspot', 'intercom', 'google_sheets'] as const;
export const activationProviderSchema = z.enum(ACTIVATION_PROVIDERS);
export type ActivationProvider = z.infer<typeof activationProviderSchema>;

export const ACTIVATION_PROVIDER_LABELS: Record<ActivationProvider, string> = {
  salesforce: 'Salesforce',
  hubspot: 'HubSpot',
  intercom: 'Intercom',
  google_sheets: 'Google Sheets',
};

export const ACTIVATION_MODES = ['update', 'upsert', 'mirror'] as const;
export const activationModeSchema = z.enum(ACTIVATION_MODES);
export type ActivationMode = z.infer<typeof activationModeSchema>;

export const ACTIVATION_SCHEDULES = ['after_load', 'hourly', 'daily', 'manual'] as const;
export const activationScheduleSchema = z.enum(ACTIVATION_SCHEDULES);
export type ActivationSchedule = z.infer<typeof activationScheduleSchema>;

export const ACTIVATION_ON_LEAVE = ['nothing', 'clear', 'delete'] as const;
export const activationOnLeaveSchema = z.enum(ACTIVATION_ON_LEAVE);
export type ActivationOnLeave = z.infer<typeof activationOnLeaveSchema>;

const name = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(ACTIVATION_NAME_MAX, `At most ${ACTIVATION_NAME_MAX} characters`);
const identifier = z.string().trim().min(1, 'Required').max(255, 'At most 255 characters');

/**
 * The destination: a provider and its object (Salesforce `Account`, `Contact`, `Lead`; HubSpot
 * `companies`, `contacts`; Intercom `contacts`; Google Sheets `<spreadsheetId>/<tab>`).
 */
export const activationDestinationSchema = z.strictObject({
  provider: activationProviderSchema,
  object: identifier,
});
export type ActivationDestination = z.infer<typeof activationDestinationSchema>;

/** A cohort column paired with a destination field. */
export const activationFieldSchema = z.strictObject({ column: identifier, field: identifier });
export type ActivationField = z.infer<typeof activationFieldSchema>;

export const createActivationBodySchema = z.strictObject({
  name,
  cohortId: z.string().min(1).max(100),
  destination: activationDestinationSchema,
  /** Which cohort column identifies a record at the destination, and in which field. */
  match: activationFieldSchema,
  mode: activationModeSchema,
  fields: z
    .array(activationFieldSchema)
    .max(ACTIVATION_FIELDS_MAX, `At most ${ACTIVATION_FIELDS_MAX} fields`),
  schedule: activationScheduleSchema.default('manual'),
  onLeave: activationOnLeaveSchema.default('nothing'),
});
export type CreateActivationBody = z.input<typeof createActivationBodySchema>;

export const updateActivationBodySchema = z.strictObject({
  name: name.optional(),
  cohortId: z.string().min(1).max(100).optional(),
  destination: activationDestinationSchema.optional(),
  match: activationFieldSchema.optional(),
  mode: activationModeSchema.optional(),
  fields: z
    .array(activationFieldSchema)
    .max(ACTIVATION_FIELDS_MAX, `At most ${ACTIVATION_FIELDS_MAX} fields`)
    .optional(),
  schedule: activationScheduleSchema.optional(),
  onLeave: activationOnLeaveSchema.optional(),
});
export type UpdateActivationBody = z.infer<typeof updateActivationBodySchema>;

export const ACTIVATION_RUN_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'partial',
  'failed',
] as const;
export const activationRunStatusSchema = z.enum(ACTIVATION_RUN_STATUSES);
export type ActivationRunStatus = z.infer<typeof activationRunStatusSchema>;

/**
 * A run's counts. `added`, `changed`, `removed`: records the destination accepted (a dry run:
 * would be sent); `failed`: refused or not sent (tried again on the next run); `unchanged`:
 * members whose mapped values the destination already holds.
 */
export const activationRunCountsSchema = z.object({
  added: z.number().int().min(0),
  changed: z.number().int().min(0),
  removed: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type ActivationRunCounts = z.infer<typeof activationRunCountsSchema>;

export const activationRunSchema = z.object({
  id: z.string(),
  activationId: z.string(),
  status: activationRunStatusSchema,
  dryRun: z.boolean(),
  /** Only the records that failed last time ("Retry failed"). */
  retryFailed: z.boolean(),
  trigger: z.enum(['manual', 'after_load', 'hourly', 'daily']),
  counts: activationRunCountsSchema,
  /** Records in the change set, and how many of them have an answer (progress). */
  planned: z.number().int().min(0),
  done: z.number().int().min(0),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  error: z.string().nullable(),
  /** What the run left out and why (members without a key, a key twice). */
  notes: z.array(z.string()),
});
export type ActivationRun = z.infer<typeof activationRunSchema>;

export const startActivationRunBodySchema = z
  .strictObject({ dryRun: z.boolean().optional(), retryFailed: z.boolean().optional() })
  .default({});
export type StartActivationRunBody = z.infer<typeof startActivationRunBodySchema>;

export const ACTIVATION_RECORD_STATUSES = ['added', 'changed', 'removed', 'failed'] as const;
export const activationRecordStatusSchema = z.enum(ACTIVATION_RECORD_STATUSES);
export type ActivationRecordStatus = z.infer<typeof activationRecordStatusSchema>;

/** One field of a record's change: what the destination held (as we last sent it) → now. */
export const activationFieldChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ActivationFieldChange = z.infer<typeof activationFieldChangeSchema>;

/** `GET activations/{id}/runs/{runId}/records`: each record's change and the answer. */
export const activationRunRecordSchema = z.object({
  key: z.string(),
  /** What the record's change is: added, changed or removed; `failed` when refused. */
  status: activationRecordStatusSchema,
  change: z.enum(['added', 'changed', 'removed']),
  /** pending until sent; `planned` in a dry run. */
  outcome: z.enum(['pending', 'planned', 'succeeded', 'failed']),
  sent: z.array(activationFieldChangeSchema),
  destinationId: z.string().nullable(),
  answer: z.string().nullable(),
});
export type ActivationRunRecord = z.infer<typeof activationRunRecordSchema>;

export const activationRunRecordsQuerySchema = z.object({
  status: activationRecordStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const activationRunRecordPageSchema = z.object({
  items: z.array(activationRunRecordSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type ActivationRunRecordPage = z.infer<typeof activationRunRecordPageSchema>;

export const activationSchema = z.object({
  id: z.string(),
  name: z.string(),
  cohortId: z.string(),
  cohortName: z.string(),
  destination: activationDestinationSchema,
  match: activationFieldSchema,
  mode: activationModeSchema,
  fields: z.array(activationFieldSchema),
  schedule: activationScheduleSchema,
  onLeave: activationOnLeaveSchema,
  lastRun: activationRunSchema.nullable(),
  /** The next scheduled run (hourly, daily); null for manual and after-load schedules. */
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Activation = z.infer<typeof activationSchema>;

export const activationPageSchema = z.object({
  items: z.array(activationSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type ActivationPage = z.infer<typeof activationPageSchema>;

export const activationRunListSchema = z.array(activationRunSchema);

/** A destination field as its API describes it (Salesforce describe, HubSpot properties). */
export const destinationFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** The provider's own type name (`currency`, `boolean`, `enumeration`, …). */
  type: z.string(),
  /** Can identify a record: an id, an external id or unique property, an email. */
  identifying: z.boolean(),
  /** Can be written by an activation. */
  writable: z.boolean(),
});
export type DestinationField = z.infer<typeof destinationFieldSchema>;

export const destinationObjectSchema = z.object({
  name: z.string(),
  label: z.string(),
});
export type DestinationObject = z.infer<typeof destinationObjectSchema>;

/** Daily API budgets per provider the organization sets (calls per UTC day; optional). */
export const activationBudgetsSchema = z.strictObject({
  salesforce: z.number().int().min(1).nullable().optional(),
  hubspot: z.number().int().min(1).nullable().optional(),
  intercom: z.number().int().min(1).nullable().optional(),
  google_sheets: z.number().int().min(1).nullable().optional(),
});
export type ActivationBudgets = z.infer<typeof activationBudgetsSchema>;

/** API paths of activations in the main service. */
export const ACTIVATIONS_API = {
  list: 'activations',
  activation: (id: string) => `activations/${id}`,
  runs: (id: string) => `activations/${id}/runs`,
  run: (id: string, runId: string) => `activations/${id}/runs/${runId}`,
  records: (id: string, runId: string) => `activations/${id}/runs/${runId}/records`,
  /** What a connected provider offers: its objects, then one object's fields. */
  objects: (provider: string) => `activations/destinations/${provider}/objects`,
  fields: (provider: string, object: string) =>
    `activations/destinations/${provider}/objects/${encodeURIComponent(object)}/fields`,
  budgets: 'activations/budgets',
} as const;
