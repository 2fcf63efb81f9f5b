import {
  ACTIVATION_PROVIDERS,
  createActivationBodySchema,
  type Activation,
  type ActivationBudgets,
  type ActivationPage,
  type ActivationProvider,
  type ActivationRun,
  type CreateActivationBody,
  type DestinationField,
  type DestinationObject,
  type FieldError,
  type ListQuery,
  type UpdateActivationBody,
} from '@revlane/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import { requireAdmin } from '../../../platform/auth/require-admin.js';
import type { Database } from '../../../platform/database/database.js';
import { badRequest, HttpError, notFound } from '../../../platform/errors/http-error.js';
import type { OrgCatalogue } from '../../../warehouse/index.js';
import { findCohortTable, requireCohort } from '../../live-ops/index.js';
import {
  askDestination,
  checkColumns,
  checkDestinationFields,
  checkMode,
  objectProblem,
} from './activation-fields.js';
import { nextActivationRunAt } from './activation-schedule.js';
import {
  findActivation,
  insertActivation,
  listActivationPage,
  listBudgets,
  markActivationDeleted,
  saveBudgets,
  updateActivation,
  type ActivationRecord,
  type ActivationRow,
} from './activations.repository.js';
import type { DestinationOf } from './destinations.js';
import { latestRunsOf } from './runs/run-views.js';

export interface ActivationsDeps {
  db: Database;
  /** The organization's column catalogue (ADR 0026): custom attributes can be sent too. */
  catalogueOf: (orgId: string) => Promise<OrgCatalogue>;
  /** The destinations, asked for their objects and fields (the editor, the checks). */
  destinationOf: DestinationOf;
  /**
   * Forgets what the activation sent (the warehouse's `activation_state`, ADR 0033): called
   * when it is deleted or starts writing other records, which the state no longer describes.
   */
  dropState: (orgId: string, activationId: string) => Promise<void>;
}

type Definition = z.output<typeof createActivationBodySchema>;

/** The organization's activation, or 404 (also for another organization's id, or a deleted one). */
export async function requireActivation(
  db: Database,
  auth: AuthContext,
  id: string,
): Promise<ActivationRow> {
  const row = await findActivation(db, auth.org.id, id);
  if (!row) throw notFound('Activation');
  return row;
}

function toActivation(
  { row, cohortName }: ActivationRow,
  lastRun: ActivationRun | undefined,
): Activation {
  return {
    id: row.id,
    name: row.name,
    cohortId: row.cohortId ?? '',
    cohortName,
    ...definitionOf(row),
    lastRun: lastRun ?? null,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The definition as the API speaks it, from the activation's columns. */
function definitionOf(row: ActivationRecord) {
  return {
    destination: { provider: row.provider, object: row.object },
    match: { column: row.matchColumn, field: row.matchField },
    mode: row.mode,
    fields: row.fields,
    schedule: row.schedule,
    onLeave: row.onLeave,
  };
}

function definitionColumns(definition: Definition) {
  return {
    name: definition.name,
    cohortId: definition.cohortId,
    provider: definition.destination.provider,
    object: definition.destination.object,
    matchColumn: definition.match.column,
    matchField: definition.match.field,
    mode: definition.mode,
    fields: definition.fields,
    schedule: definition.schedule,
    onLeave: definition.onLeave,
  };
}

/** The object's fields as the destination describes them, or the field errors saying why not. */
async function describeDestination(
  deps: ActivationsDeps,
  orgId: string,
  definition: Definition,
): Promise<FieldError[]> {
  const { provider, object } = definition.destination;
  const badObject = objectProblem(provider, object);
  if (badObject) return [{ path: 'body.destination.object', message: badObject }];
  const asked = await askDestination(provider, () =>
    deps.destinationOf(provider).fields(orgId, object),
  );
  if ('problem' in asked) return [{ path: 'body.destination.provider', message: asked.problem }];
  if (!asked.answer)
    return [{ path: 'body.destination.object', message: `Unknown object ${object}` }];
  return checkDestinationFields(definition, asked.answer);
}

/**
 * The cohort must be the organization's (404); the columns it reads must exist on its base
 * table; with `destination`, the provider is asked for the object's fields (a change that
 * leaves the destination and its fields alone is not held up by a broken connection).
 */
async function checkDefinition(
  deps: ActivationsDeps,
  auth: AuthContext,
  definition: Definition,
  destination: boolean,
) {
  const cohort = await requireCohort(deps.db, auth, definition.cohortId);
  const table = await findCohortTable(deps.db, auth.org.id, cohort.id);
  const errors = table ? checkColumns(definition, table, await deps.catalogueOf(auth.org.id)) : [];
  errors.push(...checkMode(definition));
  if (destination) errors.push(...(await describeDestination(deps, auth.org.id, definition)));
  if (errors.length > 0) throw badRequest('The activation is not valid', errors);
}

export async function listActivations(
  deps: ActivationsDeps,
  auth: AuthContext,
  query: ListQuery,
): Promise<ActivationPage> {
  const { rows, total } = await listActivationPage(deps.db, auth.org.id, query);
  const lastRuns = await latestRunsOf(
    deps.db,
    auth.org.id,
    rows.map(({ row }) => row.id),
  );
  return {
    items: rows.map((row) => toActivation(row, lastRuns.get(row.row.id))),
    total,
    page: query.page,
    perPage: query.perPage,
  };
}

export async function getActivation(
  deps: ActivationsDeps,
  auth: AuthContext,
  id: string,
): Promise<Activation> {
  const row = await requireActivation(deps.db, auth, id);
  const lastRuns = await latestRunsOf(deps.db, auth.org.id, [row.row.id]);
  return toActivation(row, lastRuns.get(row.row.id));
}

export async function createActivation(
  deps: ActivationsDeps,
  auth: AuthContext,
  body: CreateActivationBody,
): Promise<Activation> {
  requireAdmin(auth, 'create activations');
  const definition = createActivationBodySchema.parse(body);
  await checkDefinition(deps, auth, definition, true);
  const row = await insertActivation(deps.db, {
    orgId: auth.org.id,
    ...definitionColumns(definition),
    nextRunAt: nextActivationRunAt(definition.schedule, new Date()),
    createdBy: auth.user.id,
  });
  return getActivation(deps, auth, row.id);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Merges the change into the definition and checks the whole again. Writing to other records
 * (another cohort, destination or match) drops what was sent: the next run starts afresh
 * (ADR 0033). A new schedule moves the next run.
 */
export async function changeActivation(
  deps: ActivationsDeps,
  auth: AuthContext,
  id: string,
  body: UpdateActivationBody,
): Promise<Activation> {
  requireAdmin(auth, 'change activations');
  const { row } = await requireActivation(deps.db, auth, id);
  const previous = { name: row.name, cohortId: row.cohortId, ...definitionOf(row) };
  const checked = createActivationBodySchema.safeParse({ ...previous, ...body });
  if (!checked.success) {
    throw badRequest(
      'The activation is not valid',
      checked.error.issues.map((issue) => ({
        path: ['body', ...issue.path].join('.'),
        message: issue.message,
      })),
    );
  }
  const definition = checked.data;
  const differs = (key: keyof Definition) => !same(definition[key], previous[key]);
  const destinationChanged = (['destination', 'match', 'fields', 'mode'] as const).some(differs);
  await checkDefinition(deps, auth, definition, destinationChanged);
  if ((['cohortId', 'destination', 'match'] as const).some(differs))
    await deps.dropState(auth.org.id, row.id);
  await updateActivation(deps.db, auth.org.id, row.id, {
    ...definitionColumns(definition),
    ...(differs('schedule')
      ? { nextRunAt: nextActivationRunAt(definition.schedule, new Date()) }
      : {}),
  });
  return getActivation(deps, auth, row.id);
}

/** Deleting keeps the row and its runs, lets go of the cohort and drops what was sent. */
export async function removeActivation(deps: ActivationsDeps, auth: AuthContext, id: string) {
  requireAdmin(auth, 'delete activations');
  const { row } = await requireActivation(deps.db, auth, id);
  await deps.dropState(auth.org.id, row.id);
  await markActivationDeleted(deps.db, auth.org.id, row.id);
}

/** A provider's answer for the editor: its refusal (not connected) is a 400 in its words. */
async function askForEditor<T>(provider: ActivationProvider, ask: () => Promise<T>): Promise<T> {
  const asked = await askDestination(provider, ask);
  if ('problem' in asked)
    throw new HttpError(400, asked.problem, [{ path: 'params.provider', message: asked.problem }]);
  return asked.answer;
}

/** The objects a connected provider offers (the editor's first choice). */
export function listDestinationObjects(
  deps: ActivationsDeps,
  auth: AuthContext,
  provider: ActivationProvider,
): Promise<DestinationObject[]> {
  return askForEditor(provider, () => deps.destinationOf(provider).objects(auth.org.id));
}

/** An object's fields as the provider describes them; an unknown object is a 404. */
export async function listDestinationFields(
  deps: ActivationsDeps,
  auth: AuthContext,
  provider: ActivationProvider,
  object: string,
): Promise<DestinationField[]> {
  const badObject = objectProblem(provider, object);
  if (badObject)
    throw new HttpError(400, badObject, [{ path: 'params.object', message: badObject }]);
  const fields = await askForEditor(provider, () =>
    deps.destinationOf(provider).fields(auth.org.id, object),
  );
  if (!fields) throw notFound('Object');
  return fields;
}

/** Every provider's daily budget, null where none is set. */
export async function getBudgets(
  deps: Pick<ActivationsDeps, 'db'>,
  auth: AuthContext,
): Promise<ActivationBudgets> {
  const rows = await listBudgets(deps.db, auth.org.id);
  const set = new Map(rows.map((row) => [row.provider, row.callsPerDay]));
  return Object.fromEntries(
    ACTIVATION_PROVIDERS.map((provider) => [provider, set.get(provider) ?? null]),
  );
}

/** Sets the budgets named (null removes one); the others stay. */
export async function changeBudgets(
  deps: Pick<ActivationsDeps, 'db'>,
  auth: AuthContext,
  body: ActivationBudgets,
): Promise<ActivationBudgets> {
  requireAdmin(auth, 'change activation budgets');
  const named = Object.entries(body).filter(([, calls]) => calls !== undefined);
  await saveBudgets(deps.db, auth.org.id, Object.fromEntries(named));
  return getBudgets(deps, auth);
}
