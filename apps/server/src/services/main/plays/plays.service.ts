import { randomUUID } from 'node:crypto';
import {
  createPlayBodySchema,
  EDIT_PLAY_SCHEDULE_FLAG,
  playDefinitionSchema,
  type ConnectionProvider,
  type CreatePlayBody,
  type FeatureFlags,
  type ListQuery,
  type PlayAction,
  type PlayPage,
  type PlayTrigger,
  type PlayWithSecrets,
  type UpdatePlayBody,
} from '@revlane/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import { requireAdmin } from '../../../platform/auth/require-admin.js';
import type { Database } from '../../../platform/database/database.js';
import { badRequest, HttpError, notFound } from '../../../platform/errors/http-error.js';
import type { SecretBox } from '../../../platform/secrets/secret-box.js';
import { requireCohort, findCohortTable } from '../../live-ops/index.js';
import type { OrgCatalogue } from '../../../warehouse/index.js';
import { connectionWarnings } from '../../../integrations/index.js';
import { checkActionFields, checkActionProviders, providersOf } from './play-fields.js';
import { toPlay, triggerOf } from './play-response.js';
import { cronProblem, nextScheduledRun } from './play-schedule.js';
import {
  findLastRuns,
  findPlay,
  insertPlay,
  listPlayPage,
  markPlayDeleted,
  updatePlay,
  type PlayRecord,
  type PlayRow,
} from './plays.repository.js';
import { newWebhookSecret, openWebhookSecrets, sealWebhookSecrets } from './webhook-secrets.js';

export interface PlaysDeps {
  db: Database;
  secrets: SecretBox;
  flags: FeatureFlags;
  /** The organization's column catalogue (ADR 0026): templates may name custom attributes. */
  catalogueOf: (orgId: string) => Promise<OrgCatalogue>;
  /** Whether this server can deliver through a provider (credentials or the sandbox). */
  isSetUp: (provider: ConnectionProvider | 'google_sheets') => boolean;
}

type Definition = z.output<typeof playDefinitionSchema>;

/** The organization's play, or 404 (also for another organization's id, or a deleted one). */
export async function requirePlay(db: Database, auth: AuthContext, id: string): Promise<PlayRow> {
  const row = await findPlay(db, auth.org.id, id);
  if (!row) throw notFound('Play');
  return row;
}

/** A schedule is created or changed only with the flag on (docs/product.md §7): 403 naming it. */
function checkScheduleFlag(deps: PlaysDeps, next: PlayTrigger, previous?: PlayTrigger) {
  if (next.type !== 'schedule' || deps.flags[EDIT_PLAY_SCHEDULE_FLAG]) return;
  const unchanged =
    previous?.type === 'schedule' &&
    previous.cron === next.cron &&
    previous.timezone === next.timezone;
  if (unchanged) return;
  throw new HttpError(
    403,
    `Editing a play's schedule needs the feature flag ${EDIT_PLAY_SCHEDULE_FLAG}`,
    [{ path: 'body.trigger', message: `The feature flag ${EDIT_PLAY_SCHEDULE_FLAG} is off` }],
  );
}

/** The cohort must be the organization's (404); cron and templates are checked against it. */
async function checkDefinition(deps: PlaysDeps, auth: AuthContext, definition: Definition) {
  const cohort = await requireCohort(deps.db, auth, definition.trigger.cohortId);
  const table = await findCohortTable(deps.db, auth.org.id, cohort.id);
  const errors = table
    ? checkActionFields(definition.actions, table, await deps.catalogueOf(auth.org.id))
    : [];
  if (definition.status === 'active')
    errors.push(...checkActionProviders(definition.actions, deps.isSetUp));
  if (definition.trigger.type === 'schedule') {
    const problem = cronProblem(definition.trigger.cron, definition.trigger.timezone);
    if (problem) errors.unshift({ path: 'body.trigger.cron', message: problem });
  }
  if (errors.length > 0) throw badRequest('The play is not valid', errors);
  return cohort;
}

/** Action ids kept, new ones given; a new webhook action gets a secret, shown once. */
function settleActions(
  actions: Definition['actions'],
  secrets: Record<string, string>,
): {
  actions: PlayAction[];
  secrets: Record<string, string>;
  shown: { actionId: string; secret: string }[];
} {
  const settled = actions.map((action) => ({ ...action, id: action.id ?? randomUUID() }));
  const kept: Record<string, string> = {};
  const shown: { actionId: string; secret: string }[] = [];
  for (const action of settled) {
    if (action.type !== 'webhook') continue;
    const secret = secrets[action.id];
    if (secret) kept[action.id] = secret;
    else {
      kept[action.id] = newWebhookSecret();
      shown.push({ actionId: action.id, secret: kept[action.id]! });
    }
  }
  return { actions: settled, secrets: kept, shown };
}

/**
 * Where the play starts looking (ADR 0024): the first activation is a baseline at the
 * cohort's latest snapshot, so its current members are not acted on; with `includeExisting`
 * the window starts empty and the next run acts on every member. A schedule's first run is
 * its next time.
 */
function activationColumns(
  definition: Definition,
  cohort: { latestSnapshotAt: Date | null },
  now: Date,
) {
  return {
    activatedAt: now,
    evaluatedAt: definition.includeExisting ? null : cohort.latestSnapshotAt,
    nextRunAt:
      definition.trigger.type === 'schedule'
        ? nextScheduledRun(definition.trigger.cron, definition.trigger.timezone, now)
        : null,
  };
}

function definitionColumns(definition: Definition) {
  const trigger = definition.trigger;
  return {
    name: definition.name,
    status: definition.status,
    triggerType: trigger.type,
    cohortId: trigger.cohortId,
    cron: trigger.type === 'schedule' ? trigger.cron : null,
    timezone: trigger.type === 'schedule' ? trigger.timezone : null,
    includeExisting: definition.includeExisting,
    reentry: definition.reentry,
  };
}

export async function listPlays(
  deps: PlaysDeps,
  auth: AuthContext,
  query: ListQuery,
): Promise<PlayPage> {
  const { rows, total } = await listPlayPage(deps.db, auth.org.id, query);
  const lastRuns = await findLastRuns(
    deps.db,
    auth.org.id,
    rows.map(({ row }) => row.id),
  );
  const warningsOf = await connectionWarnings(deps.db, auth.org.id);
  return {
    items: rows.map((row) =>
      toPlay(row, lastRuns.get(row.row.id), warningsOf(providersOf(row.row.actions))),
    ),
    total,
    page: query.page,
    perPage: query.perPage,
  };
}

export async function getPlay(deps: PlaysDeps, auth: AuthContext, id: string) {
  const row = await requirePlay(deps.db, auth, id);
  const lastRuns = await findLastRuns(deps.db, auth.org.id, [row.row.id]);
  const warningsOf = await connectionWarnings(deps.db, auth.org.id);
  return toPlay(row, lastRuns.get(row.row.id), warningsOf(providersOf(row.row.actions)));
}

export async function createPlay(
  deps: PlaysDeps,
  auth: AuthContext,
  body: CreatePlayBody,
): Promise<PlayWithSecrets> {
  requireAdmin(auth, 'create plays');
  const definition = createPlayBodySchema.parse(body);
  checkScheduleFlag(deps, definition.trigger);
  const cohort = await checkDefinition(deps, auth, definition);
  const id = randomUUID();
  const settled = settleActions(definition.actions, {});
  const now = new Date();
  await insertPlay(deps.db, {
    id,
    orgId: auth.org.id,
    ...definitionColumns(definition),
    actions: settled.actions,
    sealedSecrets: sealWebhookSecrets(deps.secrets, id, settled.secrets),
    ...(definition.status === 'active' ? activationColumns(definition, cohort, now) : {}),
    createdBy: auth.user.id,
  });
  return { ...(await getPlay(deps, auth, id)), webhookSecrets: settled.shown };
}

/**
 * Merges the change into the definition and checks the whole again. A new cohort starts
 * over from a new baseline; a play made active for the first time takes its baseline then.
 */
export async function changePlay(
  deps: PlaysDeps,
  auth: AuthContext,
  id: string,
  body: UpdatePlayBody,
): Promise<PlayWithSecrets> {
  requireAdmin(auth, 'change plays');
  const { row } = await requirePlay(deps.db, auth, id);
  const previous = triggerOf(row, row.cohortId!);
  const checked = playDefinitionSchema.safeParse({
    name: row.name,
    status: row.status,
    trigger: previous,
    actions: row.actions,
    includeExisting: row.includeExisting,
    reentry: row.reentry,
    ...body,
  });
  if (!checked.success) {
    throw badRequest(
      'The play is not valid',
      checked.error.issues.map((issue) => ({
        path: ['body', ...issue.path].join('.'),
        message: issue.message,
      })),
    );
  }
  const definition = checked.data;
  checkScheduleFlag(deps, definition.trigger, previous);
  const cohort = await checkDefinition(deps, auth, definition);
  const settled = settleActions(
    definition.actions,
    openWebhookSecrets(deps.secrets, row.id, row.sealedSecrets),
  );
  const isActive = definition.status === 'active';
  const restart =
    isActive && (row.activatedAt === null || definition.trigger.cohortId !== row.cohortId);
  const activation = activationColumns(definition, cohort, new Date());
  await updatePlay(deps.db, auth.org.id, row.id, {
    ...definitionColumns(definition),
    actions: settled.actions,
    sealedSecrets: sealWebhookSecrets(deps.secrets, row.id, settled.secrets),
    ...(restart ? activation : {}),
    // A new schedule keeps the window: only its next time moves.
    ...(!restart && isActive && scheduleMoved(row, definition.trigger)
      ? { nextRunAt: activation.nextRunAt }
      : {}),
  });
  return { ...(await getPlay(deps, auth, row.id)), webhookSecrets: settled.shown };
}

const scheduleMoved = (row: PlayRecord, trigger: PlayTrigger) =>
  trigger.type === 'schedule'
    ? row.cron !== trigger.cron || row.timezone !== trigger.timezone
    : row.triggerType === 'schedule';

export async function removePlay(deps: PlaysDeps, auth: AuthContext, id: string) {
  requireAdmin(auth, 'delete plays');
  const { row } = await requirePlay(deps.db, auth, id);
  await markPlayDeleted(deps.db, auth.org.id, row.id);
}
