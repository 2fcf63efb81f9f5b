import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  slackChannelListSchema,
  slackNotificationSettingsSchema,
  USER_API,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import {
  getSlackSettings,
  listSlackChannels,
  sendSlackTestMessage,
  updateSlackSettings,
} from './slack.service.js';

const tags = ['notifications'];
const settingsResponse = dataEnvelope(slackNotificationSettingsSchema);

export const slackRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `/${USER_API.slackChannels}`,
    {
      schema: {
        tags,
        summary: 'Slack channels the user may pick for notifications',
        response: { 200: dataEnvelope(slackChannelListSchema), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await listSlackChannels(app, request.auth) }),
  );

  routes.get(
    `/${USER_API.slackNotifications}`,
    {
      schema: {
        tags,
        summary: 'The Slack channel the user’s alerts go to',
        response: { 200: settingsResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getSlackSettings(app.db, request.auth) }),
  );

  routes.patch(
    `/${USER_API.slackNotifications}`,
    {
      schema: {
        tags,
        summary: 'Choose the Slack channel for alerts (null turns them off)',
        body: slackNotificationSettingsSchema,
        response: { 200: settingsResponse, ...errorResponses(400, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await updateSlackSettings(app, request.auth, request.body) }),
  );

  routes.post(
    `/${USER_API.slackTest}`,
    {
      schema: {
        tags,
        summary: 'Send a test message to the chosen Slack channel',
        response: {
          200: dataEnvelope(z.object({ channelId: z.string(), sent: z.boolean() })),
          ...errorResponses(403, 404, 409),
        },
      },
    },
    async (request) => ({ data: await sendSlackTestMessage(app, request.auth) }),
  );
  done();
};
