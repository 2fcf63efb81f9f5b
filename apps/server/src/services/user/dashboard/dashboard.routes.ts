import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardSettingsSchema,
  dataEnvelope,
  updateDashboardBodySchema,
  USER_API,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { getDashboardSettings, updateDashboardSettings } from './dashboard.service.js';

const tags = ['dashboard'];
const settingsResponse = dataEnvelope(dashboardSettingsSchema);

export const dashboardRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `/${USER_API.dashboard}`,
    {
      schema: {
        tags,
        summary: 'The user’s home dashboard settings',
        response: { 200: settingsResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getDashboardSettings(app.db, request.auth) }),
  );

  routes.patch(
    `/${USER_API.dashboard}`,
    {
      schema: {
        tags,
        summary: 'Change some dashboard settings; the others keep their value',
        body: updateDashboardBodySchema,
        response: { 200: settingsResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await updateDashboardSettings(app.db, request.auth, request.body),
    }),
  );
  done();
};
