import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../platform/database/database.js';
import type { JobOptions } from '../../../platform/jobs/job-queue.js';
import type { Locks } from '../../../platform/locks/index.js';
import {
  readLoadInfo,
  readScoreDefinitions,
  writeScoreDefinitions,
  type ScoreDefinition,
  type Warehouse,
} from '../../../warehouse/index.js';
import { refreshOrganization } from '../snapshots/daily-refresh.js';
import { toScoreDefinition } from './score-response.js';
import { listOrgScores, listOrgsWithScores } from './scores.repository.js';

/**
 * A score's change reaches the warehouse (ADR 0034): the organization's definitions are
 * written to its warehouse, then its derived tables are rebuilt (they read the definitions
 * there) and "warehouse loaded" follows, like the daily refresh: cohort snapshots, alerts and
 * plays see the new columns.
 */
export const SCORES_REBUILD_JOB = 'score-rebuild';
export const scoresRebuildJobSchema = z.object({ orgId: z.string().min(1) });

/** One pending rebuild per organization: changes made while one waits share it. */
const rebuildJobOptions = (orgId: string): JobOptions => ({
  singletonKey: orgId,
  retryLimit: 3,
  retryDelaySeconds: 2,
});

/**
 * Writes of one organization's definitions take turns across processes (`app.locks`; web
 * requests and every process's start-up write them), so an older list read before a change
 * committed cannot overwrite a newer one.
 */
const DEFINITION_WRITES = 'score-definitions';

/** Writes the organization's live scores, as definitions, to its warehouse. */
export function writeOrgScoreDefinitions(
  deps: { db: Database; warehouse: Warehouse; locks: Locks },
  orgId: string,
): Promise<void> {
  return deps.locks.named(DEFINITION_WRITES).run(orgId, async () => {
    const rows = await listOrgScores(deps.db, orgId);
    await writeScoreDefinitions(deps.warehouse, orgId, rows.map(toScoreDefinition));
  });
}

const definitionDeps = (app: FastifyInstance) => ({
  db: app.db,
  warehouse: app.warehouse.engine,
  locks: app.locks,
});

/**
 * After a score was created, changed or deleted (committed): its definitions go to the
 * warehouse now, and a rebuild is queued (the answer does not wait for it). Best effort: a
 * failure is logged, not turned into an error for a saved change; the rebuild job writes the
 * definitions again before it rebuilds, and retries.
 */
export async function announceScoreChange(app: FastifyInstance, orgId: string): Promise<void> {
  try {
    await writeOrgScoreDefinitions(definitionDeps(app), orgId);
  } catch (error) {
    app.log.error({ err: error, orgId }, 'writing the score definitions to the warehouse failed');
  }
  try {
    await app.jobs.send(SCORES_REBUILD_JOB, { orgId }, rebuildJobOptions(orgId));
  } catch (error) {
    app.log.error({ err: error, orgId }, 'queueing the score rebuild failed');
  }
}

/**
 * The rebuild job: definitions written again (the metadata is the truth), then, once the
 * organization has data, its derived tables rebuilt like the daily refresh does. Before the
 * first load there is nothing to rebuild: that load computes the scores.
 */
export function scoresRebuildHandler(app: FastifyInstance) {
  const { engine, rebuilds } = app.warehouse;
  return async (data: object): Promise<void> => {
    const { orgId } = scoresRebuildJobSchema.parse(data);
    await writeOrgScoreDefinitions(definitionDeps(app), orgId);
    if (!(await readLoadInfo(engine, orgId))) return;
    await refreshOrganization({ warehouse: engine, rebuilds, jobs: app.jobs }, orgId);
  };
}

/** Definitions as comparable text: by slug, keys sorted (jsonb keeps no key order). */
function canonical(definitions: readonly ScoreDefinition[]): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return Object.fromEntries(
      entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sorted(v)]),
    );
  };
  const bySlug = [...definitions].sort((a, b) => (a.slug < b.slug ? -1 : 1));
  return JSON.stringify(sorted(bySlug));
}

/**
 * At start-up, every organization with scores has its definitions in its warehouse before any
 * load of this process (the demo's, a sync's) builds derived tables: a warehouse made anew, or
 * loaded by the CLI, gets them back, and a rebuild is queued when they differed from what it
 * held. One organization failing is logged and does not stop the others.
 */
export async function writeAllScoreDefinitions(app: FastifyInstance): Promise<void> {
  const { engine } = app.warehouse;
  for (const orgId of await listOrgsWithScores(app.db)) {
    try {
      const held = await readScoreDefinitions(engine, orgId);
      const rows = await listOrgScores(app.db, orgId);
      if (canonical(rows.map(toScoreDefinition)) === canonical(held)) continue;
      await writeOrgScoreDefinitions(definitionDeps(app), orgId);
      if (await readLoadInfo(engine, orgId))
        await app.jobs.send(SCORES_REBUILD_JOB, { orgId }, rebuildJobOptions(orgId));
    } catch (error) {
      app.log.error({ err: error, orgId }, 'writing the score definitions at start-up failed');
    }
  }
}
