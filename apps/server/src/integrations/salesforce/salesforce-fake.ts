import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { acceptFormBodies, FakeOAuth } from '../core/fake-oauth.js';
import {
  BulkIngest,
  bulkRoutes,
  type BulkIngestJobInfo,
  type Guard,
} from './salesforce-fake-bulk.js';
import {
  exactJson,
  SALESFORCE_API_VERSION,
  SalesforceSandboxOrg,
  textOf,
  type Row,
  type SaveResult,
  type SObjectTable,
} from './salesforce-fake-org.js';
import { runSoql } from './salesforce-fake-soql.js';

export { SALESFORCE_API_VERSION };

/** Salesforce answers query pages of up to 2,000 records; the fake's smaller page shows paging. */
const PAGE_SIZE = 200;
/** sObject Collections take up to 200 records a call. */
const COLLECTION_MAX = 200;
/** Fastify's 1 MiB default is below what 200 wide records can weigh. */
const COLLECTION_MAX_BYTES = 16 * 1024 * 1024;
const INVALID_SESSION = [
  { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
];
const NOT_FOUND = [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }];

/** The external id field plays' tasks carry their idempotency key in (ADR 0024). */
export const TASK_KEY_FIELD = 'Revlane_Key__c';

/**
 * The sandbox Salesforce's state behind one OAuth client: the org's records (what an object
 * holds now, how many times each record was written) and its Bulk API 2.0 jobs, for tests
 * and the sandbox's own pages to read.
 */
export class SalesforceSandbox {
  readonly org = new SalesforceSandboxOrg();
  readonly bulk = new BulkIngest(this.org);

  /** What an object holds now, values as stored (a decimal as its exact text); null: unknown. */
  rows(object: string): Row[] | null {
    return this.org.rows(object);
  }

  /** How many times the object's record with this Id or external id value was written. */
  writesOf(object: string, key: string): number {
    return this.org.writesOf(object, key);
  }

  /** The Bulk API 2.0 ingest jobs, oldest first. */
  jobs(): BulkIngestJobInfo[] {
    return this.bulk.list();
  }
}

const sandboxes = new WeakMap<FakeOAuth, SalesforceSandbox>();

/** The sandbox state the fake serves for this OAuth client (made on first use). */
export function salesforceSandboxOf(oauth: FakeOAuth): SalesforceSandbox {
  let sandbox = sandboxes.get(oauth);
  if (!sandbox) {
    sandbox = new SalesforceSandbox();
    sandboxes.set(oauth, sandbox);
  }
  return sandbox;
}

const urlsOf = (base: string, name: string) => ({
  sobject: `${base}/sobjects/${name}`,
  describe: `${base}/sobjects/${name}/describe`,
});

/** `GET /sobjects` (the org's objects) and `GET /sobjects/:object/describe` (one's fields). */
function describeRoutes(
  app: FastifyInstance,
  org: SalesforceSandboxOrg,
  guard: Guard,
  base: string,
) {
  app.get(`${base}/sobjects`, async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    return {
      encoding: 'UTF-8',
      maxBatchSize: COLLECTION_MAX,
      sobjects: [...org.tables.values()].map(({ describe }) => {
        const { fields: _fields, ...object } = describe;
        return { ...object, urls: urlsOf(base, describe.name) };
      }),
    };
  });
  app.get(`${base}/sobjects/:object/describe`, async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const table = org.table((request.params as { object: string }).object);
    if (!table) return reply.code(404).send(NOT_FOUND);
    return { ...table.describe, urls: urlsOf(base, table.name) };
  });
}

const refused = (statusCode: string, message: string): SaveResult => ({
  success: false,
  errors: [{ statusCode, message, fields: [] }],
});

/** The records of a collection call, or the call's refusal (sent) when it cannot be taken. */
function collectionOf(body: unknown, reply: FastifyReply): Row[] | null {
  const { allOrNone, records } = (body ?? {}) as { allOrNone?: unknown; records?: unknown };
  if (!Array.isArray(records)) {
    void reply.code(400).send([{ errorCode: 'JSON_PARSER_ERROR', message: 'records expected' }]);
    return null;
  }
  if (records.length > COLLECTION_MAX) {
    void reply.code(400).send([
      {
        errorCode: 'EXCEEDED_ID_LIMIT',
        message: `record limit reached. cannot submit more than ${COLLECTION_MAX} records into this call`,
      },
    ]);
    return null;
  }
  // All-or-nothing would need a rollback; what Revlane sends is allOrNone: false.
  if (allOrNone === true) {
    void reply
      .code(400)
      .send([{ errorCode: 'NOT_SUPPORTED', message: 'The sandbox takes allOrNone: false only' }]);
    return null;
  }
  return records as Row[];
}

/** A record's own sObject (`attributes.type`), when the org can write it. */
function writableTableOf(org: SalesforceSandboxOrg, record: Row): SObjectTable | SaveResult {
  const type = (record.attributes as { type?: unknown } | undefined)?.type;
  const table = typeof type === 'string' ? org.table(type) : undefined;
  if (!table) return refused('INVALID_TYPE', `sObject type '${String(type)}' is not supported.`);
  if (!table.describe.updateable)
    return refused('INVALID_TYPE', `entity type ${table.name} does not support update`);
  return table;
}

/**
 * sObject Collections (REST, at most 200 records a call, `allOrNone: false`): upsert on an
 * external id (`PATCH /composite/sobjects/:object/:field`), create (`POST`), update by id
 * (`PATCH /composite/sobjects`) and delete (`DELETE ?ids=`), each answered record by record.
 */
function collectionRoutes(
  app: FastifyInstance,
  org: SalesforceSandboxOrg,
  guard: Guard,
  base: string,
) {
  const path = `${base}/composite/sobjects`;
  const options = { bodyLimit: COLLECTION_MAX_BYTES };
  app.patch(`${path}/:object/:field`, options, async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const params = request.params as { object: string; field: string };
    const table = org.table(params.object);
    const field = table?.field(params.field);
    if (!table || !field || !(field.externalId || field.type === 'id'))
      return reply.code(404).send([
        {
          errorCode: 'NOT_FOUND',
          message: `Provided external ID field does not exist or is not accessible: ${params.field}`,
        },
      ]);
    const records = collectionOf(request.body, reply);
    if (!records) return reply;
    return records.map((record) => {
      const own = writableTableOf(org, record);
      if (!('describe' in own)) return own;
      if (own !== table)
        return refused('INVALID_TYPE', `record type ${own.name} in a ${table.name} upsert`);
      const { attributes: _attributes, ...values } = record;
      return table.upsert(field, values);
    });
  });
  /** Saves each record on its own sObject (`attributes.type`), answered record by record. */
  const eachRecord =
    (save: (table: SObjectTable, values: Row) => SaveResult) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (guard(request.headers.authorization, reply)) return reply;
      const records = collectionOf(request.body, reply);
      if (!records) return reply;
      return records.map((record) => {
        const table = writableTableOf(org, record);
        if (!('describe' in table)) return table;
        const { attributes: _attributes, ...values } = record;
        return save(table, values);
      });
    };
  app.post(
    path,
    options,
    eachRecord((table, values) => table.create(values)),
  );
  app.patch(
    path,
    options,
    eachRecord((table, values) => {
      const id = values.id ?? values.Id;
      if (id === undefined)
        return refused('MISSING_ARGUMENT', 'Id not specified in an update call');
      return table.update(id, values);
    }),
  );
  app.delete(path, async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const ids = String((request.query as { ids?: string }).ids ?? '')
      .split(',')
      .filter(Boolean);
    if (ids.length > COLLECTION_MAX) return collectionOf({ records: ids }, reply) ?? reply;
    return ids.map((id) => {
      const table = [...org.tables.values()].find(
        (candidate) => candidate.describe.deletable && id.startsWith(candidate.describe.keyPrefix),
      );
      return table ? table.delete(id) : refused('MALFORMED_ID', `malformed id ${id}`);
    });
  });
}

/**
 * A local Salesforce (docs/architecture.md §6, Connections) as jsforce talks to it: the
 * login server's authorize page, token and revoke endpoints (no `expires_in`: an expired
 * session answers `INVALID_SESSION_ID` and the client refreshes), describe, SOQL queries paged
 * by `nextRecordsUrl`, sObject Collections (upsert on an external id, update, delete: one
 * answer per record), Bulk API 2.0 ingest jobs (ADR 0033), Task upserts by the
 * `Revlane_Key__c` external id (an unknown owner is `INVALID_CROSS_REFERENCE_KEY`; created
 * tasks listed in `/received`), and `REQUEST_LIMIT_EXCEEDED` as a 429 with Retry-After. Its
 * records are `salesforceSandboxOf(oauth)`'s.
 */
export function salesforceFake(oauth: FakeOAuth): FastifyPluginCallback {
  return (app: FastifyInstance, _options, done) => {
    acceptFormBodies(app);
    const sandbox = salesforceSandboxOf(oauth);
    const { org } = sandbox;
    const cursors = new Map<string, Row[]>();
    const base = `/services/data/v${SALESFORCE_API_VERSION}`;
    oauth.consentRoutes(app, '/services/oauth2/authorize', 'Salesforce');
    app.post('/services/oauth2/token', async (request, reply) => {
      const form = request.body as Record<string, string | undefined>;
      if (!oauth.isClient(form))
        return reply
          .code(400)
          .send({ error: 'invalid_client', error_description: 'invalid client credentials' });
      const instanceUrl = `${request.protocol}://${request.host}${app.prefix}`;
      const common = {
        instance_url: instanceUrl,
        id: `${instanceUrl}/id/00DSBX000001/005SBX000001`,
        token_type: 'Bearer',
        issued_at: String(Date.now()),
        signature: 'sandbox',
      };
      if (form.grant_type === 'refresh_token') {
        const refreshed = oauth.refreshAccess(form.refresh_token);
        if (!refreshed)
          return reply
            .code(400)
            .send({ error: 'invalid_grant', error_description: 'expired access/refresh token' });
        return { ...common, access_token: refreshed.accessToken, scope: 'api refresh_token' };
      }
      const issued = oauth.redeem(form);
      if (!issued)
        return reply
          .code(400)
          .send({ error: 'invalid_grant', error_description: 'authentication failure' });
      return {
        ...common,
        access_token: issued.accessToken,
        refresh_token: issued.refreshToken,
        scope: 'api refresh_token',
      };
    });
    app.post('/services/oauth2/revoke', (request) => {
      oauth.record('revoke', {}, (request.body as Record<string, string>).token);
      oauth.revoke((request.body as Record<string, string>).token ?? '');
      return {};
    });
    const guard = (authorization: string | undefined, reply: FastifyReply) => {
      if (!oauth.isAuthorized(authorization)) {
        void reply.code(401).send(INVALID_SESSION);
        return true;
      }
      return oauth.throttled(reply, [
        { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
      ]);
    };
    const page = (rows: Row[]) => {
      const records = rows.slice(0, PAGE_SIZE);
      const rest = rows.slice(PAGE_SIZE);
      let nextRecordsUrl: string | undefined;
      if (rest.length > 0) {
        const locator = `01gSBX${cursors.size + 1}-${PAGE_SIZE}`;
        cursors.set(locator, rest);
        nextRecordsUrl = `${base}/query/${locator}`;
      }
      return {
        totalSize: rows.length,
        done: !nextRecordsUrl,
        records,
        ...(nextRecordsUrl ? { nextRecordsUrl } : {}),
      };
    };
    // Numbers go out as JSON numbers written from their exact text (a decimal stays exact).
    const sendPage = (reply: FastifyReply, rows: Row[]) =>
      reply.type('application/json').send(exactJson(page(rows)));
    app.get(`${base}/query`, async (request, reply) => {
      if (guard(request.headers.authorization, reply)) return reply;
      const rows = runSoql(org, String((request.query as { q?: string }).q ?? ''));
      if (!Array.isArray(rows)) return reply.code(400).send([rows]);
      return sendPage(reply, rows);
    });
    app.get(`${base}/query/:locator`, async (request, reply) => {
      if (guard(request.headers.authorization, reply)) return reply;
      const rows = cursors.get((request.params as { locator: string }).locator);
      if (!rows)
        return reply
          .code(400)
          .send([{ message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' }]);
      return sendPage(reply, rows);
    });
    describeRoutes(app, org, guard, base);
    collectionRoutes(app, org, guard, base);
    bulkRoutes(app, sandbox.bulk, guard, base);
    const tasks = new Map<string, Row>();
    // Upsert by external id (API v46+: 201 created, 200 updated, both with a body). The value
    // is a wildcard: external ids run to 255 characters, past a route parameter's limit.
    app.patch(`${base}/sobjects/:object/:field/*`, async (request, reply) => {
      if (guard(request.headers.authorization, reply)) return reply;
      const params = request.params as { object: string; field: string; '*': string };
      const { object, field } = params;
      const value = decodeURIComponent(params['*']);
      if (object !== 'Task' || field !== TASK_KEY_FIELD)
        return reply
          .code(404)
          .send([{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
      const fields = (request.body ?? {}) as Row;
      const owners = org.table('User')!.rows;
      if (fields.OwnerId !== undefined && !owners.has(textOf(fields.OwnerId)))
        return reply.code(400).send([
          {
            message: 'Assigned To ID: id value of incorrect type',
            errorCode: 'INVALID_CROSS_REFERENCE_KEY',
            fields: ['OwnerId'],
          },
        ]);
      const existing = tasks.get(value);
      const id = existing?.Id ?? `00TSBX${String(tasks.size + 1).padStart(6, '0')}`;
      const task = { ...existing, ...fields, Id: id, [TASK_KEY_FIELD]: value };
      tasks.set(value, task);
      if (!existing) oauth.record('Task', task, request.headers.authorization);
      return reply
        .code(existing ? 200 : 201)
        .send({ id, success: true, errors: [], created: !existing });
    });
    done();
  };
}

/** The sandbox's Salesforce state: the app's own client, sessions of two hours. */
export const newSalesforceOAuth = (clientId: string, clientSecret: string) =>
  new FakeOAuth('salesforce', clientId, clientSecret, { accessTtlSeconds: 7200 });
