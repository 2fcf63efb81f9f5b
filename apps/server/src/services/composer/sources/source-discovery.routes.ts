import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  discoveredTableSchema,
  PREVIEW_LIMIT_MAX,
  sheetTabSchema,
  SOURCES_API,
  tablePreviewSchema,
  testResultSchema,
  testSavedSourceBodySchema,
  testSourceBodySchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import {
  discoverTables,
  listRedashQueries,
  listSheetTabs,
  previewTable,
  testSavedSource,
  testSourceConfig,
} from '../../../ingestion/index.js';
import { sourceParamsSchema } from './sources.routes.js';

const tags = ['sources'];
const testResponse = dataEnvelope(testResultSchema);

/** Test a connection, list what a source offers, preview a table (ADR 0018). */
export const sourceDiscoveryRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    `/${SOURCES_API.test}`,
    {
      schema: {
        tags,
        summary: 'Test an unsaved config: { ok, message } saying what to fix',
        body: testSourceBodySchema,
        response: { 200: testResponse, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await testSourceConfig(app, request.auth, request.body) }),
  );

  routes.post(
    `/${SOURCES_API.sourceTest(':id')}`,
    {
      schema: {
        tags,
        summary:
          'Test a saved source, or its config with changes not saved yet: { ok, message } saying what to fix',
        params: sourceParamsSchema,
        body: testSavedSourceBodySchema,
        response: { 200: testResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await testSavedSource(app, request.auth, request.params.id, request.body?.config),
    }),
  );

  routes.get(
    `/${SOURCES_API.tables(':id')}`,
    {
      schema: {
        tags,
        summary:
          'The tables (sheet tabs, Redash queries, the CSV file) with columns and row estimates',
        params: sourceParamsSchema,
        response: {
          200: dataEnvelope(z.array(discoveredTableSchema)),
          ...errorResponses(403, 404, 422),
        },
      },
    },
    async (request) => ({ data: await discoverTables(app, request.auth, request.params.id) }),
  );

  routes.get(
    `/${SOURCES_API.preview(':id', ':table')}`,
    {
      schema: {
        tags,
        summary: 'The first rows of a table, read from the source',
        params: sourceParamsSchema.extend({ table: z.string().min(1).max(255) }),
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(PREVIEW_LIMIT_MAX).default(20),
        }),
        response: { 200: dataEnvelope(tablePreviewSchema), ...errorResponses(400, 403, 404, 422) },
      },
    },
    async (request) => ({
      data: await previewTable(
        app,
        request.auth,
        request.params.id,
        request.params.table,
        request.query.limit,
      ),
    }),
  );
  routes.get(
    `/${SOURCES_API.redashQueries(':id')}`,
    {
      schema: {
        tags,
        summary: 'The Redash account’s queries (each can be loaded as a table)',
        params: sourceParamsSchema,
        response: {
          200: dataEnvelope(z.array(z.object({ id: z.number().int(), name: z.string() }))),
          ...errorResponses(403, 404, 422),
        },
      },
    },
    async (request) => ({ data: await listRedashQueries(app, request.auth, request.params.id) }),
  );
  routes.get(
    `/${SOURCES_API.sheetTabs(':id')}`,
    {
      schema: {
        tags,
        summary: 'The spreadsheet’s tabs: header columns typed from a sample, row estimates',
        params: sourceParamsSchema,
        response: {
          200: dataEnvelope(z.array(sheetTabSchema)),
          ...errorResponses(403, 404, 422),
        },
      },
    },
    async (request) => ({ data: await listSheetTabs(app, request.auth, request.params.id) }),
  );
  done();
};
