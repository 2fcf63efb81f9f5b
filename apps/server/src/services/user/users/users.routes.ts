import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  profileSchema,
  updateProfileBodySchema,
  updateUserBodySchema,
  USER_API,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { acceptTerms, getProfile, updateProfile, updateUserRecord } from './users.service.js';

const profileResponse = dataEnvelope(profileSchema);
const tags = ['users'];

export const usersRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `/${USER_API.me}`,
    {
      schema: {
        tags,
        summary: 'The signed-in user’s profile',
        response: { 200: profileResponse, ...errorResponses(403) },
      },
    },
    (request) => ({ data: getProfile(request.auth) }),
  );

  routes.patch(
    `/${USER_API.me}`,
    {
      schema: {
        tags,
        summary: 'Change the user record (display name; photo: a stored file’s URL or null)',
        body: updateUserBodySchema,
        response: { 200: profileResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await updateUserRecord(app.db, request.auth, request.body, app.config.services.content),
    }),
  );

  routes.patch(
    `/${USER_API.profile}`,
    {
      schema: {
        tags,
        summary: 'Change the display name',
        body: updateProfileBodySchema,
        response: { 200: profileResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ data: await updateProfile(app.db, request.auth, request.body) }),
  );

  routes.post(
    `/${USER_API.acceptTerms}`,
    {
      schema: {
        tags,
        summary: 'Accept the terms of service (idempotent)',
        response: { 200: profileResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await acceptTerms(app.db, request.auth) }),
  );
  done();
};
