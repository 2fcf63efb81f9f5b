import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeOnboardingStepBodySchema,
  dataEnvelope,
  onboardingStepIdSchema,
  onboardingStepSchema,
  USER_API,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { completeStep, listSteps } from './onboarding.service.js';

const tags = ['onboarding'];
const stepParamsSchema = z.object({
  userId: z.string().min(1).max(64),
  stepId: onboardingStepIdSchema,
});

export const onboardingRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `/${USER_API.onboardingSteps}`,
    {
      schema: {
        tags,
        summary: 'The four onboarding steps with the user’s progress',
        response: { 200: dataEnvelope(z.array(onboardingStepSchema)), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await listSteps(app.db, request.auth) }),
  );

  routes.patch(
    `/${USER_API.onboardingStep(':userId', ':stepId')}`,
    {
      schema: {
        tags,
        summary: 'Mark an onboarding step completed (idempotent)',
        params: stepParamsSchema,
        body: completeOnboardingStepBodySchema,
        response: { 200: dataEnvelope(onboardingStepSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await completeStep(app.db, request.auth, request.params.userId, request.params.stepId),
    }),
  );
  done();
};
