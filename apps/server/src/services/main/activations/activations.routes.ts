import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVATIONS_API,
  activationBudgetsSchema,
  activationPageSchema,
  activationProviderSchema,
  activationSchema,
  createActivationBodySchema,
  dataEnvelope,
  destinationFieldSchema,
  destinationObjectSchema,
  listQuerySchema,
  updateActivationBodySchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { dropActivationState } from '../../../warehouse/index.js';
import {
  changeActivation,
  changeBudgets,
  createActivation,
  getActivation,
  getBudgets,
  listActivations,
  listDestinationFields,
  listDestinationObjects,
  removeActivation,
  type ActivationsDeps,
} from './activations.service.js';
import { destinationsOf } from './destinations.js';

const tags = ['activations'];

/** Any text: a malformed id is a 404 like an unknown one. */
const idParamsSchema = z.object({ id: z.string().max(100) });
const providerParamsSchema = z.object({ provider: activationProviderSchema });
const objectParamsSchema = providerParamsSchema.extend({ object: z.string().min(1).max(300) });

/** What the activation routes use, from the app. */
export function activationsDeps(app: FastifyInstance): ActivationsDeps {
  return {
    db: app.db,
    catalogueOf: (orgId) => app.warehouse.reader.catalogue(orgId),
    // Fresh destinations per question: their sessions (tokens) live as long as one request.
    destinationOf: (provider) => destinationsOf(app)(provider),
    dropState: (orgId, activationId) =>
      dropActivationState(app.warehouse.engine, orgId, activationId),
  };
}

/**
 * Activations' definitions (ADR 0033): create, list, read, change, delete; what a connected
 * destination offers (for the editor); the daily API budgets. Writes are admin-only.
 */
export const activationsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = activationsDeps(app);
  const one = `/${ACTIVATIONS_API.activation(':id')}`;

  routes.post(
    `/${ACTIVATIONS_API.list}`,
    {
      schema: {
        tags,
        summary: 'Create an activation: keep a destination’s records equal to a cohort',
        description:
          'The cohort’s columns and the destination’s object and fields are checked (the provider must be connected); each problem is a 400 naming its field.',
        body: createActivationBodySchema,
        response: { 201: dataEnvelope(activationSchema), ...errorResponses(400, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const data = await createActivation(deps, request.auth, request.body);
      return reply.status(201).send({ data });
    },
  );

  routes.get(
    `/${ACTIVATIONS_API.list}`,
    {
      schema: {
        tags,
        summary: 'The organization’s activations with their last run, a page at a time',
        querystring: listQuerySchema,
        response: { 200: dataEnvelope(activationPageSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await listActivations(deps, request.auth, request.query) }),
  );

  routes.get(
    `/${ACTIVATIONS_API.budgets}`,
    {
      schema: {
        tags,
        summary: 'The daily API budgets per provider (calls per UTC day; null: none)',
        response: { 200: dataEnvelope(activationBudgetsSchema), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await getBudgets(deps, request.auth) }),
  );

  routes.put(
    `/${ACTIVATIONS_API.budgets}`,
    {
      schema: {
        tags,
        summary: 'Set the daily API budgets named (null removes one; others stay)',
        body: activationBudgetsSchema,
        response: { 200: dataEnvelope(activationBudgetsSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await changeBudgets(deps, request.auth, request.body) }),
  );

  routes.get(
    `/${ACTIVATIONS_API.objects(':provider')}`,
    {
      schema: {
        tags,
        summary: 'The objects a connected destination offers',
        description: 'A provider that is not connected is a 400 in its own words.',
        params: providerParamsSchema,
        response: {
          200: dataEnvelope(z.array(destinationObjectSchema)),
          ...errorResponses(400, 403, 503),
        },
      },
    },
    async (request) => ({
      data: await listDestinationObjects(deps, request.auth, request.params.provider),
    }),
  );

  routes.get(
    // The contract encodes the object (a sheet's `<id>/<tab>`): the route's parameter is not.
    `/${ACTIVATIONS_API.fields(':provider', ':object').replace(encodeURIComponent(':object'), ':object')}`,
    {
      schema: {
        tags,
        summary: 'An object’s fields as the destination describes them',
        description:
          'Which fields can identify a record and which can be written. An unknown object is a 404.',
        params: objectParamsSchema,
        response: {
          200: dataEnvelope(z.array(destinationFieldSchema)),
          ...errorResponses(400, 403, 404, 503),
        },
      },
    },
    async (request) => ({
      data: await listDestinationFields(
        deps,
        request.auth,
        request.params.provider,
        request.params.object,
      ),
    }),
  );

  routes.get(
    one,
    {
      schema: {
        tags,
        summary: 'An activation',
        params: idParamsSchema,
        response: { 200: dataEnvelope(activationSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getActivation(deps, request.auth, request.params.id) }),
  );

  routes.patch(
    one,
    {
      schema: {
        tags,
        summary: 'Change an activation',
        description:
          'The merged definition is checked again. Another cohort, destination or match field starts over: what was sent is forgotten and the next run compares afresh.',
        params: idParamsSchema,
        body: updateActivationBodySchema,
        response: { 200: dataEnvelope(activationSchema), ...errorResponses(400, 403, 404, 503) },
      },
    },
    async (request) => ({
      data: await changeActivation(deps, request.auth, request.params.id, request.body),
    }),
  );

  routes.delete(
    one,
    {
      schema: {
        tags,
        summary: 'Delete an activation (its runs stay readable)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await removeActivation(deps, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
  done();
};
