import type {
  DiscoveredTable,
  SourceType,
  TablePreview,
  TestResult,
  TestSourceBody,
} from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { HttpError, notFound } from '../../platform/errors/http-error.js';
import { connectorContextOf } from '../connectors/connector-context.js';
import { isConnectorError, type SourceConnector } from '../../integrations/index.js';
import { openConnector } from '../connectors/open-connector.js';
import type { GoogleSheetsConnector, RedashConnector } from '../../integrations/index.js';
import { parseSourceConfig } from './source-config.js';
import { fullConfig, type SourceSettings } from './source-secrets.js';
import { requireSource } from './require-source.js';

type Composer = Pick<FastifyInstance, 'db' | 'secrets' | 'config' | 'log'>;

async function withConnector<T>(
  app: Composer,
  auth: AuthContext,
  source: { id: string | null; type: SourceType; config: SourceSettings },
  work: (connector: SourceConnector) => Promise<T>,
): Promise<T> {
  const connector = openConnector(source.type, source.config, {
    ...connectorContextOf(app),
    orgId: auth.org.id,
    sourceId: source.id,
  });
  try {
    return await work(connector);
  } finally {
    await connector.close();
  }
}

/** `{ ok, message }`: a bad remote is an answer saying what to fix, never a 500. */
async function testWith(
  app: Composer,
  auth: AuthContext,
  source: Parameters<typeof withConnector>[2],
): Promise<TestResult> {
  try {
    await withConnector(app, auth, source, (connector) => connector.test());
    return { ok: true, message: 'Connected.' };
  } catch (error) {
    if (isConnectorError(error)) return { ok: false, message: error.message };
    app.log.warn({ err: error }, 'source test failed');
    return { ok: false, message: 'The connection failed for an unexpected reason.' };
  }
}

export const testSourceConfig = (app: Composer, auth: AuthContext, body: TestSourceBody) =>
  testWith(app, auth, { id: null, type: body.type, config: body.config });

/**
 * Tests a saved source, or with `changes` its config as the edit form has it: merged over
 * the saved one as `PATCH` would (a secret left out keeps its value; a bad merge is a 400),
 * and saved nowhere.
 */
export async function testSavedSource(
  app: Composer,
  auth: AuthContext,
  id: string,
  changes?: Record<string, unknown>,
) {
  const source = await requireSource(app, auth, id);
  const saved = fullConfig(app.secrets, source);
  const config = changes ? parseSourceConfig(source.type, { ...saved, ...changes }) : saved;
  return testWith(app, auth, { id: source.id, type: source.type, config });
}

/**
 * The source's tables and columns, or null when the source does not answer (a connector
 * error: down, credentials not set yet): a selection is then saved unchecked.
 */
export async function tablesIfReachable(
  app: Composer,
  auth: AuthContext,
  source: Parameters<typeof withConnector>[2],
): Promise<DiscoveredTable[] | null> {
  try {
    return await withConnector(app, auth, source, (connector) => connector.listTables());
  } catch (error) {
    if (isConnectorError(error)) return null;
    throw error;
  }
}

/** A source's failure on a discovery route: 422 with the actionable message. */
function unprocessable(error: unknown): never {
  if (isConnectorError(error)) {
    throw new HttpError(error.failure === 'not_found' ? 404 : 422, error.message);
  }
  throw error;
}

export async function discoverTables(
  app: Composer,
  auth: AuthContext,
  id: string,
): Promise<DiscoveredTable[]> {
  const source = await requireSource(app, auth, id);
  const config = fullConfig(app.secrets, source);
  return withConnector(app, auth, { id: source.id, type: source.type, config }, (connector) =>
    connector.listTables(),
  ).catch(unprocessable);
}

export async function previewTable(
  app: Composer,
  auth: AuthContext,
  id: string,
  table: string,
  limit: number,
): Promise<TablePreview> {
  const source = await requireSource(app, auth, id);
  const config = fullConfig(app.secrets, source);
  return withConnector(app, auth, { id: source.id, type: source.type, config }, (connector) =>
    connector.preview(table, limit),
  ).catch(unprocessable);
}

/** A route of one source type (Redash queries, sheet tabs): 404 for a source of another. */
async function withTypedConnector<C, T>(
  app: Composer,
  auth: AuthContext,
  id: string,
  type: TestSourceBody['type'],
  work: (connector: C) => Promise<T>,
): Promise<T> {
  const source = await requireSource(app, auth, id);
  if (source.type !== type)
    throw notFound(type === 'redash' ? 'Redash source' : 'Google Sheets source');
  const config = fullConfig(app.secrets, source);
  return withConnector(app, auth, { id: source.id, type: source.type, config }, (connector) =>
    work(connector as C),
  ).catch(unprocessable);
}

/** `GET sources/{id}/redash/queries`: the Redash account's queries, every page. */
export const listRedashQueries = (app: Composer, auth: AuthContext, id: string) =>
  withTypedConnector(app, auth, id, 'redash', (connector: RedashConnector) => connector.queries());

/** `GET sources/{id}/google-sheets/tabs`: the spreadsheet's tabs with typed header columns. */
export const listSheetTabs = (app: Composer, auth: AuthContext, id: string) =>
  withTypedConnector(app, auth, id, 'google_sheets', (connector: GoogleSheetsConnector) =>
    connector.tabs(),
  );
