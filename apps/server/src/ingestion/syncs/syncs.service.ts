import type { Sync } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { notFound } from '../../platform/errors/http-error.js';
import { toSync } from '../sources/source-response.js';
import { requireSource } from '../sources/require-source.js';
import { queueSync } from './queue-sync.js';
import type { SyncProgress } from './sync-progress.js';
import { findSync, listSourceSyncs, requestCancel } from './syncs.repository.js';

type Composer = Pick<FastifyInstance, 'db' | 'jobs'>;

export async function startSourceSync(app: Composer, auth: AuthContext, sourceId: string) {
  const source = await requireSource(app, auth, sourceId);
  const run = await queueSync(app.db, app.jobs, auth.org.id, source.id);
  return { id: run.id };
}

export async function getSourceSyncs(
  app: Composer,
  auth: AuthContext,
  sourceId: string,
): Promise<Sync[]> {
  const source = await requireSource(app, auth, sourceId);
  return (await listSourceSyncs(app.db, auth.org.id, source.id)).map(toSync);
}

export async function getSync(app: Composer, auth: AuthContext, syncId: string): Promise<Sync> {
  const run = await findSync(app.db, auth.org.id, syncId);
  if (!run) throw notFound('Sync');
  return toSync(run);
}

/**
 * Cancels a run: a queued one at once, a running one at its next step (here at once when
 * this process runs it). The previous data stays. Answers the run as it is now.
 */
export async function cancelSync(
  app: Composer,
  auth: AuthContext,
  syncId: string,
  running: Map<string, SyncProgress>,
): Promise<Sync> {
  const run = await findSync(app.db, auth.org.id, syncId);
  if (!run) throw notFound('Sync');
  await requestCancel(app.db, auth.org.id, run.id);
  running.get(run.id)?.controller.abort();
  return getSync(app, auth, run.id);
}
