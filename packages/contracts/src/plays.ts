import { z } from 'zod';
import { parseTemplate } from './play-templates.js';

export const PLAY_NAME_MAX = 100;
export const PLAY_ACTIONS_MAX = 10;
export const PLAY_TEMPLATE_MAX = 4_000;
/** Members a preview renders (docs/product.md §7). */
export const PLAY_PREVIEW_RECORDS = 3;
/** The flag that lets a play be given or changed to a schedule trigger. */
export const EDIT_PLAY_SCHEDULE_FLAG = 'edit_play_schedule';

export const playStatusSchema = z.enum(['draft', 'active', 'paused']);
export type PlayStatus = z.infer<typeof playStatusSchema>;
export const playReentrySchema = z.enum(['once', 'every_entry']);
export type PlayReentry = z.infer<typeof playReentrySchema>;

const idSchema = z.string().min(1).max(100);
const text = (max: number) =>
  z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`);

/** A template: text with `{{account.name}}` placeholders; its syntax is checked here, its fields by the server. */
const templateSchema = z
  .string()
  .max(PLAY_TEMPLATE_MAX, `At most ${PLAY_TEMPLATE_MAX} characters`)
  .superRefine((value, ctx) => {
    const parsed = parseTemplate(value);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
  });
const requiredTemplate = templateSchema.refine((value) => value.trim().length > 0, 'Required');

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Records entering the cohort (after each snapshot), or a schedule (cron in a time zone). */
export const playTriggerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('cohort_entered'), cohortId: idSchema }),
  z.strictObject({
    type: z.literal('schedule'),
    cohortId: idSchema,
    cron: text(100),
    timezone: z.string().max(64).refine(isTimeZone, 'Not a time zone (e.g. Europe/Paris)'),
  }),
]);
export type PlayTrigger = z.infer<typeof playTriggerSchema>;
export type PlayTriggerType = PlayTrigger['type'];

/** An action's id: stable across edits, part of each send's idempotency key. */
const actionIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, 'Lowercase letters, digits and dashes')
  .optional();

const taskFields = {
  subject: requiredTemplate.pipe(z.string().max(255, 'At most 255 characters')),
  description: templateSchema.default(''),
  dueInDays: z.number().int().min(0).max(365),
};

/** The actions a play runs for each record, in order (docs/product.md §7). */
export const playActionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('slack_message'),
    id: actionIdSchema,
    channel: text(100),
    text: requiredTemplate,
  }),
  z.strictObject({ type: z.literal('salesforce_task'), id: actionIdSchema, ...taskFields }),
  z.strictObject({ type: z.literal('hubspot_task'), id: actionIdSchema, ...taskFields }),
  z.strictObject({
    type: z.literal('outreach_sequence'),
    id: actionIdSchema,
    sequenceId: text(100),
    email: requiredTemplate,
  }),
  z.strictObject({
    type: z.literal('google_sheet_append'),
    id: actionIdSchema,
    spreadsheetId: text(200),
    tab: text(100),
    columns: z
      .array(z.strictObject({ header: text(100), value: templateSchema }))
      .min(1, 'At least one column')
      .max(50),
  }),
  z.strictObject({
    type: z.literal('webhook'),
    id: actionIdSchema,
    url: z.url({ protocol: /^https?$/, error: 'An http(s) URL' }).max(2_000),
    fields: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'A field name'), templateSchema)
      .refine((fields) => Object.keys(fields).length <= 50, 'At most 50 fields'),
  }),
]);
export type PlayActionInput = z.input<typeof playActionSchema>;
export type PlayAction = z.infer<typeof playActionSchema> & { id: string };
export type PlayActionType = PlayAction['type'];
export const PLAY_ACTION_TYPES = [
  'slack_message',
  'salesforce_task',
  'hubspot_task',
  'outreach_sequence',
  'google_sheet_append',
  'webhook',
] as const satisfies readonly PlayActionType[];

const definitionFields = {
  name: text(PLAY_NAME_MAX),
  status: playStatusSchema,
  trigger: playTriggerSchema,
  actions: z.array(playActionSchema).max(PLAY_ACTIONS_MAX, `At most ${PLAY_ACTIONS_MAX} actions`),
  includeExisting: z.boolean(),
  reentry: playReentrySchema,
};

/** An active play needs an action; action ids are unique within the play. */
function checkDefinition(
  body: { status?: PlayStatus; actions?: { id?: string | undefined }[] },
  ctx: z.core.$RefinementCtx,
) {
  if (body.status === 'active' && body.actions?.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['actions'], message: 'An active play needs an action' });
  }
  const seen = new Set<string>();
  body.actions?.forEach((action, index) => {
    if (!action.id) return;
    if (seen.has(action.id))
      ctx.addIssue({ code: 'custom', path: ['actions', index, 'id'], message: 'Used twice' });
    seen.add(action.id);
  });
}

/** `POST plays`. */
export const createPlayBodySchema = z
  .strictObject({
    ...definitionFields,
    status: playStatusSchema.default('draft'),
    actions: definitionFields.actions.default([]),
    includeExisting: z.boolean().default(false),
    reentry: playReentrySchema.default('once'),
  })
  .superRefine(checkDefinition);
export type CreatePlayBody = z.input<typeof createPlayBodySchema>;

/** `PATCH plays/{id}`: any field; the merged definition is checked again. */
export const updatePlayBodySchema = z
  .strictObject({
    name: definitionFields.name.optional(),
    status: playStatusSchema.optional(),
    trigger: playTriggerSchema.optional(),
    actions: definitionFields.actions.optional(),
    includeExisting: z.boolean().optional(),
    reentry: playReentrySchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdatePlayBody = z.input<typeof updatePlayBodySchema>;

/** The definition a PATCH produces, checked like a new one. */
export const playDefinitionSchema = z.object(definitionFields).superRefine(checkDefinition);

export const playRunStatusSchema = z.enum(['running', 'succeeded', 'partial', 'failed']);
export type PlayRunStatus = z.infer<typeof playRunStatusSchema>;
export const playRunCountsSchema = z.object({
  records: z.number().int().min(0),
  succeeded: z.number().int().min(0),
  failed: z.number().int().min(0),
  pending: z.number().int().min(0),
});
export type PlayRunCounts = z.infer<typeof playRunCountsSchema>;

/** `GET plays/{id}/runs`: newest first. */
export const playRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['cohort_entered', 'schedule']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: playRunStatusSchema,
  counts: playRunCountsSchema,
});
export type PlayRun = z.infer<typeof playRunSchema>;
export const playRunListSchema = z.array(playRunSchema);

/** `GET plays/{id}/runs/{runId}`: the outcome per record and action. */
export const playRunItemSchema = z.object({
  recordId: z.string(),
  actionId: z.string(),
  actionType: z.enum(PLAY_ACTION_TYPES),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int().min(0),
  externalId: z.string().nullable(),
  error: z.string().nullable(),
  /** A pending item's next try (`DELIVERY_RETRY_SCHEDULE`); null when due now or settled. */
  nextAttemptAt: z.string().nullable(),
});
export type PlayRunItem = z.infer<typeof playRunItemSchema>;
export const playRunDetailSchema = playRunSchema.extend({ items: z.array(playRunItemSchema) });
export type PlayRunDetail = z.infer<typeof playRunDetailSchema>;

/** What the API shows of an action: webhook secrets never, only that one is set. */
export const playActionViewSchema = z
  .object({ id: z.string(), type: z.enum(PLAY_ACTION_TYPES) })
  .catchall(z.unknown());

export const playSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: playStatusSchema,
  trigger: playTriggerSchema,
  cohortName: z.string(),
  segmentId: z.string(),
  actions: z.array(playActionViewSchema),
  includeExisting: z.boolean(),
  reentry: playReentrySchema,
  lastRun: playRunSchema.nullable(),
  /** Why an action cannot send now ("Slack is not connected"); empty when all can. */
  warnings: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Play = z.infer<typeof playSchema>;

/**
 * `POST plays` and `PATCH plays/{id}` answer the play and, once, the signing secret
 * (`whsec_…`) of each webhook action that got a new one: it is never shown again.
 */
export const playWithSecretsSchema = playSchema.extend({
  webhookSecrets: z.array(z.object({ actionId: z.string(), secret: z.string() })),
});
export type PlayWithSecrets = z.infer<typeof playWithSecretsSchema>;

export const playPageSchema = z.object({
  items: z.array(playSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type PlayPage = z.infer<typeof playPageSchema>;
export const PLAY_SORT_FIELDS = ['name', 'createdAt'] as const;

/** `POST plays/{id}/preview`: what each action would send for up to 3 members; nothing is sent. */
export const playPreviewSchema = z.object({
  records: z.array(
    z.object({
      recordId: z.string(),
      actions: z.array(
        z.object({ actionId: z.string(), type: z.enum(PLAY_ACTION_TYPES), payload: z.unknown() }),
      ),
    }),
  ),
});
export type PlayPreview = z.infer<typeof playPreviewSchema>;

/** API paths of plays in the main service (docs/product.md §7). */
export const PLAYS_API = {
  list: 'plays',
  play: (id: string) => `plays/${id}`,
  preview: (id: string) => `plays/${id}/preview`,
  runs: (id: string) => `plays/${id}/runs`,
  run: (id: string, runId: string) => `plays/${id}/runs/${runId}`,
  resend: (id: string, runId: string) => `plays/${id}/runs/${runId}/resend`,
} as const;

/** `POST …/resend` (a run's or a firing's): how many failed deliveries were tried again. */
export const resendResultSchema = z.object({ resent: z.number().int().min(0) });
export type ResendResult = z.infer<typeof resendResultSchema>;
