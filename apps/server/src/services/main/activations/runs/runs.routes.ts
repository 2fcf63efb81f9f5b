import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVATION_RECORDS_PER_PAGE,
  ACTIVATIONS_API,
  activationRunListSchema,
  activationRunRecordPageSchema,
  activationRunRecordsQuerySchema,
  activationRunSchema,
  dataEnvelope,
  startActivationRunBodySchema,
} from '@revlane/contracts';
import type { AuthContext } from '../../../../platform/auth/auth-context.js';
import { requireAdmin } from '../../../../platform/auth/require-admin.js';
import type { Database } from '../../../../platform/database/database.js';
import { conflict, notFound } from '../../../../platform/errors/http-error.js';
import { requireActivation } from '../activations.service.js';
import { errorResponses } from '../../../../platform/http/responses.js';
import { ACTIVATION_RUN_JOB, activationRunJobOptions } from './activation-jobs.js';
import { runViews } from './run-views.js';
import { findRun, listRunRecords, listRuns } from './runs.repository.js';
import { startRun } from './start-run.js';

const tags = ['activations'];
const idSchema = z.string().max(100);
const params = z.object({ id: idSchema });
const runParams = params.extend({ runId: idSchema });

/** The organization's live activation's id, or 404 (another organization's, deleted, malformed). */
async function requireActivationId(db: Database, auth: AuthContext, id: string) {
  return (await requireActivation(db, auth, id)).row.id;
}

async function requireRun(db: Database, auth: AuthContext, id: string, runId: string) {
  const activationId = await requireActivationId(db, auth, id);
  const run = await findRun(db, auth.org.id, activationId, runId);
  if (!run) throw notFound('Run');
  return run;
}

/** An activation's runs (ADR 0033): start one (or a dry run), read them and their records. */
export const activationRunsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const enqueue = async (runId: string) => {
    await app.jobs.send(ACTIVATION_RUN_JOB, { runId }, activationRunJobOptions(runId));
  };

  routes.post(
    `/${ACTIVATIONS_API.runs(':id')}`,
    {
      schema: {
        tags,
        summary: 'Start a run: the change set against the cohort, sent (or, dryRun, only computed)',
        description:
          'Answers 202 with the run id; 409 while another run of the activation is queued or running. `retryFailed` sends only the records that failed last time. Admins only.',
        params,
        body: startActivationRunBodySchema,
        response: {
          202: dataEnvelope(z.object({ id: z.string() })),
          ...errorResponses(400, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      requireAdmin(request.auth, 'run activations');
      const activationId = await requireActivationId(app.db, request.auth, request.params.id);
      const runId = await startRun(
        { db: app.db, enqueue },
        {
          orgId: request.auth.org.id,
          activationId,
          trigger: 'manual',
          dryRun: request.body.dryRun,
          retryFailed: request.body.retryFailed,
          createdBy: request.auth.user.id,
        },
      );
      if (!runId)
        throw conflict('A run of this activation is queued or running: wait for it to end.');
      return reply.code(202).send({ data: { id: runId } });
    },
  );

  routes.get(
    `/${ACTIVATIONS_API.runs(':id')}`,
    {
      schema: {
        tags,
        summary: 'The activation’s runs, newest first (50), with counts and progress',
        params,
        response: { 200: dataEnvelope(activationRunListSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const activationId = await requireActivationId(app.db, request.auth, request.params.id);
      const rows = await listRuns(app.db, request.auth.org.id, activationId);
      return { data: await runViews(app.db, rows) };
    },
  );

  routes.get(
    `/${ACTIVATIONS_API.run(':id', ':runId')}`,
    {
      schema: {
        tags,
        summary: 'A run: status, counts (added, changed, removed, unchanged, failed), times, error',
        params: runParams,
        response: { 200: dataEnvelope(activationRunSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const run = await requireRun(app.db, request.auth, request.params.id, request.params.runId);
      const [view] = await runViews(app.db, [run]);
      return { data: view! };
    },
  );

  routes.get(
    `/${ACTIVATIONS_API.records(':id', ':runId')}`,
    {
      schema: {
        tags,
        summary: `A run’s records by outcome, ${ACTIVATION_RECORDS_PER_PAGE} a page, in key order`,
        description:
          'Each record’s key, what was sent (field: before → after), the destination’s id and its answer. `status` filters: added, changed, removed (accepted or, in a dry run, planned) or failed.',
        params: runParams,
        querystring: activationRunRecordsQuerySchema,
        response: {
          200: dataEnvelope(activationRunRecordPageSchema),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) => {
      const run = await requireRun(app.db, request.auth, request.params.id, request.params.runId);
      const { status, page } = request.query;
      const { items, total } = await listRunRecords(app.db, run.id, status, page);
      return { data: { items, total, page, perPage: ACTIVATION_RECORDS_PER_PAGE } };
    },
  );
  done();
};
