import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  firingListSchema,
  inboxReadBodySchema,
  inboxSchema,
  NOTIFICATIONS_API,
  resendResultSchema,
  testDraftBodySchema,
  testSendSchema,
} from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { errorResponses } from '../../../platform/http/responses.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { SlackSender } from '../../../integrations/index.js';
import { cohortParamsSchema } from '../cohorts/cohort-params.js';
import { getFirings, getInbox, readInbox, resendFiring } from './inbox.service.js';
import { deliveryJobOptions, NOTIFICATION_DELIVERY_JOB } from './notification-jobs.js';
import { sendDraftTest, sendTest } from './test-send.service.js';

const tags = ['notifications'];

/** What alerts did: firings with their deliveries, the in-app inbox, and test sends. */
export const activityRoutes: FastifyPluginCallback<{
  deps: { db: Database; mailer: Mailer; slack: SlackSender; appUrl: string };
}> = (app, { deps }, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `/${NOTIFICATIONS_API.inbox}`,
    {
      schema: {
        tags,
        summary: 'Firings of your in-app alerts: unread first, then newest first',
        response: { 200: dataEnvelope(inboxSchema), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await getInbox(deps.db, request.auth) }),
  );

  routes.post(
    `/${NOTIFICATIONS_API.inboxRead}`,
    {
      schema: {
        tags,
        summary: 'Mark firings of your inbox read (all of them without firingIds)',
        body: inboxReadBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      await readInbox(deps.db, request.auth, request.body);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    `/${NOTIFICATIONS_API.firings(':id')}`,
    {
      schema: {
        tags,
        summary: 'The alert’s firings, newest first, with their records and deliveries',
        params: cohortParamsSchema,
        response: { 200: dataEnvelope(firingListSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getFirings(deps.db, request.auth, request.params.id) }),
  );

  routes.post(
    `/${NOTIFICATIONS_API.resend(':id', ':firingId')}`,
    {
      schema: {
        tags,
        summary: 'Try the firing’s failed deliveries again, each with its idempotency key',
        description:
          'Answers 202 with how many deliveries were resent (0 when none had failed); each is pending until it is settled.',
        params: cohortParamsSchema.extend({ firingId: z.string() }),
        response: { 202: dataEnvelope(resendResultSchema), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const enqueue = async (deliveryIds: string[]) => {
        for (const deliveryId of deliveryIds)
          await app.jobs.send(
            NOTIFICATION_DELIVERY_JOB,
            { deliveryId },
            deliveryJobOptions(deliveryId),
          );
      };
      const result = await resendFiring(
        { db: deps.db, enqueue },
        request.auth,
        request.params.id,
        request.params.firingId,
      );
      return reply.code(202).send({ data: result });
    },
  );

  routes.post(
    `/${NOTIFICATIONS_API.test(':id')}`,
    {
      schema: {
        tags,
        summary: 'Send a sample to the alert’s channels now and say what each answered',
        params: cohortParamsSchema,
        response: { 200: dataEnvelope(testSendSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await sendTest(deps, request.auth, request.params.id) }),
  );

  routes.post(
    `/${NOTIFICATIONS_API.testDraft}`,
    {
      schema: {
        tags,
        summary: 'Send a sample of an alert not saved yet to the channels it names',
        body: testDraftBodySchema,
        response: { 200: dataEnvelope(testSendSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await sendDraftTest(deps, request.auth, request.body) }),
  );
  done();
};
