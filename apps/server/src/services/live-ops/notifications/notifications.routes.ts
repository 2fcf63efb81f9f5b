import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createNotificationBodySchema,
  dataEnvelope,
  listQuerySchema,
  notificationPageSchema,
  notificationSchema,
  NOTIFICATIONS_API,
  updateNotificationBodySchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { cohortParamsSchema } from '../cohorts/cohort-params.js';
import { segmentParamsSchema } from '../segments/segment-params.js';
import {
  changeNotification,
  createNotification,
  getNotification,
  listNotifications,
  removeNotification,
} from './notifications.service.js';

const tags = ['notifications'];
const notificationResponse = dataEnvelope(notificationSchema);
const pageResponse = dataEnvelope(notificationPageSchema);

/** Alerts' definitions (ADR 0023): create, list, read, change, delete. */
export const notificationsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const one = `/${NOTIFICATIONS_API.notification(':id')}`;

  routes.post(
    `/${NOTIFICATIONS_API.list}`,
    {
      schema: {
        tags,
        summary: 'Create an alert on a cohort: new records in it, or fewer',
        body: createNotificationBodySchema,
        response: { 201: notificationResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await createNotification(app.db, request.auth, request.body);
      return reply.status(201).send({ data });
    },
  );

  routes.get(
    `/${NOTIFICATIONS_API.list}`,
    {
      schema: {
        tags,
        summary: 'The organization’s alerts, a page at a time (list params)',
        querystring: listQuerySchema,
        response: { 200: pageResponse, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await listNotifications(app.db, request.auth, request.query) }),
  );

  routes.get(
    `/${NOTIFICATIONS_API.segmentNotifications(':segmentId')}`,
    {
      schema: {
        tags,
        summary: 'The segment’s alerts, a page at a time (list params)',
        params: segmentParamsSchema,
        querystring: listQuerySchema,
        response: { 200: pageResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await listNotifications(app.db, request.auth, request.query, request.params.segmentId),
    }),
  );

  routes.get(
    one,
    {
      schema: {
        tags,
        summary: 'An alert',
        params: cohortParamsSchema,
        response: { 200: notificationResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getNotification(app.db, request.auth, request.params.id) }),
  );

  routes.patch(
    one,
    {
      schema: {
        tags,
        summary: 'Change an alert (a new cohort or type starts from a new baseline)',
        params: cohortParamsSchema,
        body: updateNotificationBodySchema,
        response: { 200: notificationResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await changeNotification(app.db, request.auth, request.params.id, request.body),
    }),
  );

  routes.delete(
    one,
    {
      schema: {
        tags,
        summary: 'Delete an alert and its firings',
        params: cohortParamsSchema,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await removeNotification(app.db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
  done();
};
