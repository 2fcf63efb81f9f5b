import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, slackChannelSchema, USER_API } from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';

export const slackChannelsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Slack connections arrive with the composer service; until then no channel exists.
  routes.get(
    `/${USER_API.slackChannels}`,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Slack channels the user may pick for notifications',
        response: { 200: dataEnvelope(z.array(slackChannelSchema)), ...errorResponses(403) },
      },
    },
    () => ({ data: [] }),
  );
  done();
};
