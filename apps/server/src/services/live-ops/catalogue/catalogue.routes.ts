import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BASE_TABLES,
  buildFilterCatalogue,
  columnListSchema,
  dataEnvelope,
  filterCatalogueSchema,
  LIVE_OPS_API,
  type BaseTable,
} from '@revlane/contracts';
import { notFound } from '../../../platform/errors/http-error.js';
import { errorResponses } from '../../../platform/http/responses.js';

const tags = ['segments'];
const isBaseTable = (name: string): name is BaseTable =>
  (BASE_TABLES as readonly string[]).includes(name);

/** What the filter builder and the column picker offer (docs/architecture.md §5.2–5.3). */
export const catalogueRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `/${LIVE_OPS_API.filters}`,
    {
      schema: {
        tags,
        summary: 'Filter operators with their help texts, and which apply to each data type',
        response: { 200: dataEnvelope(filterCatalogueSchema), ...errorResponses(403) },
      },
    },
    () => ({ data: buildFilterCatalogue() }),
  );

  routes.get(
    `/${LIVE_OPS_API.columns(':table')}`,
    {
      schema: {
        tags,
        summary: 'The column catalogue of a base table (stored and computed columns)',
        params: z.object({ table: z.string().max(100) }),
        response: { 200: dataEnvelope(columnListSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { table } = request.params;
      if (!isBaseTable(table)) throw notFound(`Table "${table.slice(0, 40)}"`);
      // The organization's own catalogue: built-in columns and its custom attributes (ADR 0026).
      const catalogue = await app.warehouse.reader.catalogue(request.auth.org.id);
      return { data: catalogue.segmentColumns(table) };
    },
  );
  done();
};
