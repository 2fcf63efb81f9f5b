import type { FastifyInstance, FastifyPluginCallback, FastifyReply } from 'fastify';
import { crmDataset } from '../core/crm-dataset.js';
import { acceptFormBodies, FakeOAuth } from '../core/fake-oauth.js';

export const SALESFORCE_API_VERSION = '59.0';
/** Salesforce answers query pages of up to 2,000 records; the fake's smaller page shows paging. */
const PAGE_SIZE = 200;
const INVALID_SESSION = [
  { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
];

type Row = Record<string, unknown>;

/** The external id field plays' tasks carry their idempotency key in (ADR 0024). */
export const TASK_KEY_FIELD = 'Revlane_Key__c';

const LEAD_STATUSES = ['Open - Not Contacted', 'Working - Contacted', 'Closed - Converted'];

/** The fake's sObjects as Salesforce names their fields. */
function salesforceObjects(): Record<string, Row[]> {
  const data = crmDataset({
    account: '001SBX',
    contact: '003SBX',
    deal: '006SBX',
    owner: '005SBX',
  });
  const customers = new Set(
    data.deals.filter((d) => d.stage === 'Closed Won').map((d) => d.accountId),
  );
  return {
    User: data.owners.map((o) => ({
      Id: o.id,
      Name: o.name,
      Email: o.email,
      LastModifiedDate: o.modifiedAt,
    })),
    Account: data.accounts.map((a) => ({
      Id: a.id,
      Name: a.name,
      Website: `https://www.${a.domain}`,
      Industry: a.industry,
      // The account's lifecycle: a customer once one of its opportunities is won.
      Type: customers.has(a.id) ? 'Customer - Direct' : 'Prospect',
      AnnualRevenue: a.arr,
      OwnerId: a.ownerId,
      Description: 'Sandbox',
      LastModifiedDate: a.modifiedAt,
    })),
    Contact: data.contacts.map((c) => ({
      Id: c.id,
      AccountId: c.accountId,
      FirstName: c.firstName,
      LastName: c.lastName,
      Email: c.email,
      // A contact is owned by its account's owner, as Salesforce's default assignment does.
      OwnerId: data.accounts.find((a) => a.id === c.accountId)?.ownerId ?? null,
      LastModifiedDate: c.modifiedAt,
    })),
    Opportunity: data.deals.map((d) => ({
      Id: d.id,
      AccountId: d.accountId,
      Name: d.name,
      StageName: d.stage,
      Amount: d.amount,
      CloseDate: d.closeDate,
      OwnerId: d.ownerId,
      LastModifiedDate: d.modifiedAt,
    })),
    // Leads: people not yet tied to an account, one for every fourth sandbox contact.
    Lead: data.contacts
      .filter((_c, i) => i % 4 === 0)
      .map((c, i) => ({
        Id: `00QSBX${String(i + 1).padStart(6, '0')}`,
        FirstName: c.firstName,
        LastName: c.lastName,
        Email: c.email.replace('@', '+lead@'),
        Company: data.accounts.find((a) => a.id === c.accountId)?.name ?? null,
        Status: LEAD_STATUSES[i % LEAD_STATUSES.length],
        OwnerId: data.owners[i % data.owners.length]!.id,
        LastModifiedDate: c.modifiedAt,
      })),
    Organization: [
      {
        Id: '00DSBX000001',
        Name: 'Revlane Sandbox (Salesforce)',
        LastModifiedDate: data.owners[0]!.modifiedAt,
      },
    ],
  };
}

/** A relationship field's record (`Owner.Name` → the owning User), as Salesforce nests it. */
function related(objects: Record<string, Row[]>, row: Row, relationship: string, fields: string[]) {
  if (relationship !== 'Owner') return undefined;
  const user = objects.User!.find((candidate) => candidate.Id === row.OwnerId);
  if (!user) return null;
  return {
    attributes: {
      type: 'User',
      url: `/services/data/v${SALESFORCE_API_VERSION}/sobjects/User/${String(user.Id)}`,
    },
    ...Object.fromEntries(fields.map((f) => [f, user[f] ?? null])),
  };
}

/**
 * A SOQL subset: `SELECT f, Owner.f, … FROM Object [WHERE LastModifiedDate > <instant>]
 * [ORDER BY …]`.
 */
function runSoql(objects: Record<string, Row[]>, soql: string) {
  const match =
    /^SELECT (.+?) FROM (\w+)(?: WHERE LastModifiedDate > (\S+))?(?: ORDER BY .*)?$/i.exec(
      soql.trim(),
    );
  if (!match) return null;
  const fields = match[1]!.split(',').map((f) => f.trim());
  const plain = fields.filter((f) => !f.includes('.'));
  const relationships = new Map<string, string[]>();
  for (const [relationship, field] of fields
    .filter((f) => f.includes('.'))
    .map((f) => f.split('.')))
    relationships.set(relationship!, [...(relationships.get(relationship!) ?? []), field!]);
  const rows = objects[match[2]!];
  if (!rows) return null;
  if ([...relationships.keys()].some((name) => name !== 'Owner' || !('OwnerId' in rows[0]!)))
    return null;
  const after = match[3] ? Date.parse(match[3]) : null;
  return rows
    .filter((row) => after === null || Date.parse(String(row.LastModifiedDate)) > after)
    .map((row) => ({
      attributes: {
        type: match[2],
        url: `/services/data/v${SALESFORCE_API_VERSION}/sobjects/${match[2]}/${String(row.Id)}`,
      },
      ...Object.fromEntries(plain.map((f) => [f, row[f] ?? null])),
      ...Object.fromEntries(
        [...relationships].map(([name, wanted]) => [name, related(objects, row, name, wanted)]),
      ),
    }));
}

/**
 * A local Salesforce (docs/architecture.md §6, Connections) as jsforce talks to it: the
 * login server's authorize page, token and revoke endpoints (no `expires_in`: an expired
 * session answers `INVALID_SESSION_ID` and the client refreshes), SOQL queries paged by
 * `nextRecordsUrl`, Task upserts by the `Revlane_Key__c` external id (an unknown owner is
 * `INVALID_CROSS_REFERENCE_KEY`; created tasks listed in `/received`), and
 * `REQUEST_LIMIT_EXCEEDED` as a 429 with Retry-After.
 */
export function salesforceFake(oauth: FakeOAuth): FastifyPluginCallback {
  return (app: FastifyInstance, _options, done) => {
    acceptFormBodies(app);
    const objects = salesforceObjects();
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
    app.get(`${base}/query`, async (request, reply) => {
      if (guard(request.headers.authorization, reply)) return reply;
      const rows = runSoql(objects, String((request.query as { q?: string }).q ?? ''));
      if (!rows)
        return reply
          .code(400)
          .send([{ message: 'unexpected token', errorCode: 'MALFORMED_QUERY' }]);
      return page(rows);
    });
    app.get(`${base}/query/:locator`, async (request, reply) => {
      if (guard(request.headers.authorization, reply)) return reply;
      const rows = cursors.get((request.params as { locator: string }).locator);
      if (!rows)
        return reply
          .code(400)
          .send([{ message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' }]);
      return page(rows);
    });
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
      const owners = new Set(objects.User!.map((user) => user.Id));
      if (fields.OwnerId !== undefined && !owners.has(fields.OwnerId))
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
