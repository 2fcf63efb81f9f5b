import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { notFound } from '../../platform/errors/http-error.js';
import { findSource, type SourceRecord } from './sources.repository.js';

/** The organization's source, or 404 (also for another organization's id). */
export async function requireSource(
  app: Pick<FastifyInstance, 'db'>,
  auth: AuthContext,
  sourceId: string,
): Promise<SourceRecord> {
  const source = await findSource(app.db, auth.org.id, sourceId);
  if (!source) throw notFound('Source');
  return source;
}
