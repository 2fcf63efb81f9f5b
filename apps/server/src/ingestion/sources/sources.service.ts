import { randomUUID } from 'node:crypto';
import type { CreateSourceBody, Source, UpdateSourceBody } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { countedKinds } from '../../platform/dependents/counted-kinds.js';
import { HttpError, notFound } from '../../platform/errors/http-error.js';
import { dropLandedTables } from '../landing/landed-tables.js';
import { activeSyncOf } from '../syncs/syncs.repository.js';
import { parseSourceConfig } from './source-config.js';
import { toSourceDependentErrors } from './source-dependents.js';
import { tablesIfReachable } from './source-discovery.service.js';
import { requireSource } from './require-source.js';
import { checkSelection } from './selection-check.js';
import { toSource } from './source-response.js';
import { openSecrets, sealSecrets, splitConfig } from './source-secrets.js';
import {
  deleteSource,
  insertSource,
  latestSyncsOf,
  listSources,
  updateSource,
  type SourceRecord,
} from './sources.repository.js';

type Composer = Pick<
  FastifyInstance,
  'db' | 'secrets' | 'warehouse' | 'dependents' | 'config' | 'log'
>;

async function answer(app: Composer, row: SourceRecord): Promise<Source> {
  const latest = (await latestSyncsOf(app.db, row.orgId)).get(row.id);
  return toSource(row, secretNamesOf(app, row), latest);
}

const secretNamesOf = (app: Composer, row: SourceRecord) =>
  Object.keys(openSecrets(app.secrets, row.id, row.sealedSecrets)).sort();

export async function createSource(
  app: Composer,
  auth: AuthContext,
  body: CreateSourceBody,
): Promise<Source> {
  // The id is chosen first: it is the associated data the secrets are sealed with.
  const id = randomUUID();
  const { visible, secrets } = splitConfig(body.type, body.config);
  const row = await insertSource(app.db, {
    id,
    orgId: auth.org.id,
    type: body.type,
    name: body.name,
    config: visible,
    sealedSecrets: sealSecrets(app.secrets, id, secrets),
    createdBy: auth.user.id,
  });
  return toSource(row, Object.keys(secrets).sort());
}

export async function getSources(app: Composer, auth: AuthContext): Promise<Source[]> {
  const [rows, latest] = await Promise.all([
    listSources(app.db, auth.org.id),
    latestSyncsOf(app.db, auth.org.id),
  ]);
  return rows.map((row) => toSource(row, secretNamesOf(app, row), latest.get(row.id)));
}

export async function getSource(app: Composer, auth: AuthContext, id: string) {
  return answer(app, await requireSource(app, auth, id));
}

/**
 * Renames, changes config (merged over the stored one, so secrets not sent keep their
 * value), selected tables or schedule. A bad merged config is a 400 and nothing changes.
 */
export async function changeSource(
  app: Composer,
  auth: AuthContext,
  id: string,
  body: UpdateSourceBody,
): Promise<Source> {
  const source = await requireSource(app, auth, id);
  const changes: Parameters<typeof updateSource>[3] = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.schedule !== undefined) changes.schedule = body.schedule;
  const stored = { ...source.config, ...openSecrets(app.secrets, id, source.sealedSecrets) };
  const config = body.config
    ? parseSourceConfig(source.type, { ...stored, ...body.config })
    : stored;
  if (body.config !== undefined) {
    const { visible, secrets } = splitConfig(source.type, config);
    changes.config = visible;
    changes.sealedSecrets = sealSecrets(app.secrets, id, secrets);
  }
  if (body.selectedTables !== undefined) {
    // Checked against the source itself when it answers; one that does not is saved as
    // chosen, and its sync says what is wrong.
    const discovered = await tablesIfReachable(app, auth, { id, type: source.type, config });
    if (discovered) checkSelection(source.type, body.selectedTables, discovered);
    changes.selectedTables = body.selectedTables;
  }
  const row = await updateSource(app.db, auth.org.id, id, changes);
  if (!row) throw notFound('Source');
  return answer(app, row);
}

/**
 * What depends on the source (ADR 0006): the mapping that reads it, and through the entities
 * the published mapping builds from it, the cohorts over them and their alerts and plays.
 */
async function dependentsOf(app: Composer, orgId: string, sourceId: string) {
  const direct = await app.dependents.sources.find(app.db, orgId, sourceId);
  const tables = [...new Set(direct.flatMap((dependent) => dependent.tables ?? []))];
  const built = await Promise.all(
    tables.map((table) => app.dependents.tables.find(app.db, orgId, table)),
  );
  const seen = new Set<string>();
  return [...direct, ...built.flat()]
    .filter((dependent) => {
      const key = `${dependent.kind}:${dependent.id}`;
      return !seen.has(key) && seen.add(key);
    })
    .map(({ kind, id, name }) => ({ kind, id, name }));
}

/** `GET sources/{id}/dependents`: what a delete would break, for the dialog to list first. */
export async function getSourceDependents(app: Composer, auth: AuthContext, id: string) {
  const source = await requireSource(app, auth, id);
  return dependentsOf(app, auth.org.id, source.id);
}

/**
 * Deletes the source and drops its landed tables, unless something depends on them (then
 * 409 naming each dependent, nothing deleted) or a sync is running (409: cancel it first).
 */
export async function removeSource(app: Composer, auth: AuthContext, id: string): Promise<void> {
  const source = await requireSource(app, auth, id);
  const dependents = await dependentsOf(app, auth.org.id, source.id);
  if (dependents.length > 0) {
    throw new HttpError(
      409,
      `"${source.name}" is used by ${countedKinds(dependents)}; change or delete them first`,
      toSourceDependentErrors(dependents),
    );
  }
  if (await activeSyncOf(app.db, auth.org.id, source.id)) {
    throw new HttpError(409, `"${source.name}" is syncing; cancel the sync first`);
  }
  await dropLandedTables(app.warehouse.engine, auth.org.id, source);
  await deleteSource(app.db, auth.org.id, source.id);
}
