import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginCallback, FastifyReply } from 'fastify';
import { crmDataset } from '../core/crm-dataset.js';
import type { RequestLimit } from '../core/destination.js';
import { acceptFormBodies, FakeOAuth } from '../core/fake-oauth.js';
import { HUBSPOT_REQUEST_LIMIT } from './hubspot-destination.js';
import {
  crmBatchRoutes,
  FakeCrmObjects,
  hubspotError as error,
  RollingWindow,
  type CrmObjectName,
  type HubSpotObject,
  type Properties,
} from './hubspot-fake-crm.js';

/** HubSpot pages hold up to 100 (200 for search); the fake caps both at 100. */
const MAX_PAGE = 100;
/** The unique task property plays carry their idempotency key in (ADR 0024). */
export const TASK_KEY_PROPERTY = 'revlane_key';
const HUB_ID = 4_811_001;
const HUB_DOMAIN = 'revlane-sandbox.hubspot.com';
/** Records created through the API get ids from here on (the seeded ones are 91…, 51…). */
const FIRST_CREATED_ID: Record<CrmObjectName, number> = {
  companies: 92_000_001,
  contacts: 52_000_001,
};

/** The fake's CRM objects as HubSpot names their properties (all values are text). */
function hubspotObjects() {
  const data = crmDataset({ account: '91', contact: '51', deal: '71', owner: '31' });
  const object = (id: string, modified: string, properties: Properties): HubSpotObject => ({
    id,
    properties: { hs_object_id: id, ...properties },
    createdAt: modified,
    updatedAt: modified,
    archived: false,
  });
  const owners = data.owners.map((o) => ({
    id: o.id,
    email: o.email,
    firstName: o.name.split(' ')[0],
    lastName: o.name.split(' ').slice(1).join(' '),
    userId: Number(o.id),
    type: 'PERSON',
    createdAt: o.modifiedAt,
    updatedAt: o.modifiedAt,
    archived: false,
  }));
  return {
    owners,
    // Records link to companies through associations, not properties (the v4 associations API).
    companyOf: {
      deals: new Map(data.deals.map((d) => [d.id, d.accountId])),
      contacts: new Map(data.contacts.map((c) => [c.id, c.accountId])),
    } as Record<string, Map<string, string> | undefined>,
    /** Tasks created through the API (plays), unique by their `revlane_key` property. */
    tasks: [] as HubSpotObject[],
    companies: new FakeCrmObjects(
      'companies',
      data.accounts.map((a) =>
        object(a.id, a.modifiedAt, {
          name: a.name,
          domain: a.domain,
          industry: a.industry.toUpperCase(),
          annualrevenue: String(a.arr),
          lifecyclestage: 'customer',
          hubspot_owner_id: a.ownerId,
          description: 'Sandbox',
          hs_lastmodifieddate: a.modifiedAt,
        }),
      ),
      FIRST_CREATED_ID.companies,
    ),
    contacts: new FakeCrmObjects(
      'contacts',
      data.contacts.map((c) =>
        object(c.id, c.modifiedAt, {
          firstname: c.firstName,
          lastname: c.lastName,
          email: c.email,
          associatedcompanyid: c.accountId,
          lifecyclestage: 'customer',
          // A contact is owned by its company's owner, as HubSpot's owner sync commonly sets.
          hubspot_owner_id: data.accounts.find((a) => a.id === c.accountId)?.ownerId ?? null,
          lastmodifieddate: c.modifiedAt,
        }),
      ),
      FIRST_CREATED_ID.contacts,
    ),
    deals: data.deals.map((d) =>
      object(d.id, d.modifiedAt, {
        dealname: d.name,
        dealstage: d.stage.toLowerCase().replace(/ /g, ''),
        amount: String(d.amount),
        closedate: `${d.closeDate}T00:00:00.000Z`,
        hubspot_owner_id: d.ownerId,
        hs_lastmodifieddate: d.modifiedAt,
      }),
    ),
  };
}

interface SearchBody {
  filterGroups?: { filters?: { propertyName: string; operator: string; value?: string }[] }[];
  sorts?: string[];
  properties?: string[];
  limit?: number;
  after?: string;
}

/** A filter of the subset the app sends: EQ on text, GT / GTE / LT on a date (epoch ms or ISO). */
function matches(
  object: HubSpotObject,
  filter: { propertyName: string; operator: string; value?: string },
) {
  if (filter.operator === 'EQ') return object.properties[filter.propertyName] === filter.value;
  const value = Date.parse(object.properties[filter.propertyName] ?? '');
  const bound = /^\d+$/.test(filter.value ?? '')
    ? Number(filter.value)
    : Date.parse(filter.value ?? '');
  if (filter.operator === 'GT') return value > bound;
  if (filter.operator === 'GTE') return value >= bound;
  if (filter.operator === 'LT') return value < bound;
  return false;
}

/** One page from offset `after` (HubSpot's `after` is opaque; the fake's is an offset). */
function pageOf<T>(rows: T[], after: string | undefined, limit: number | undefined, link: string) {
  const start = Number(after ?? 0) || 0;
  const size = Math.min(Math.max(limit ?? 10, 1), MAX_PAGE);
  const results = rows.slice(start, start + size);
  const next = start + size < rows.length ? String(start + size) : null;
  return {
    results,
    ...(next ? { paging: { next: { after: next, link: `${link}?after=${next}` } } } : {}),
  };
}

/**
 * A local HubSpot (docs/architecture.md §6, Connections) as @hubspot/api-client talks to it:
 * the install page, `/oauth/v1/token` (30-minute access tokens, refresh tokens; a dead one
 * answers 400 `BAD_REFRESH_TOKEN`), token info and refresh-token delete, CRM search and
 * owners paged by `paging.next.after`, the v4 associations' batch read (deals and contacts to
 * companies), tasks created with a unique `revlane_key` (a second one is a 409 `CONFLICT`, an
 * unknown owner a 400; created tasks listed in `/received`), the properties API and the
 * companies' and contacts' batch endpoints (`crmBatchRoutes`), 401 `INVALID_AUTHENTICATION`,
 * and 429 `RATE_LIMIT` with Retry-After: forced (`oauth.throttleNext`) or beyond the rolling
 * window (`hubspotFakeState(oauth).requestLimit`, HubSpot's 190 per 10 s by default). A batch
 * write answers `oauth.answerDelayMs` after it wrote (a crash test's window, ADR 0033).
 */
export function hubspotFake(oauth: FakeOAuth): FastifyPluginCallback {
  return (app: FastifyInstance, _options, done) => {
    acceptFormBodies(app);
    const sandbox = sandboxOf(oauth);
    const { data } = sandbox;
    oauth.consentRoutes(app, '/oauth/authorize', 'HubSpot');
    app.post('/oauth/v1/token', async (request, reply) => {
      const form = request.body as Record<string, string | undefined>;
      if (!oauth.isClient(form))
        return reply
          .code(400)
          .send({ status: 'BAD_CLIENT_ID', message: 'missing or invalid client id' });
      const issued = oauth.grant(form);
      if (!issued)
        return reply
          .code(400)
          .send(
            form.grant_type === 'refresh_token'
              ? { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token' }
              : { status: 'BAD_AUTH_CODE', message: 'missing or unknown auth code' },
          );
      return {
        token_type: 'bearer',
        access_token: issued.accessToken,
        refresh_token: issued.refreshToken,
        expires_in: issued.expiresIn,
      };
    });
    app.get('/oauth/v1/access-tokens/:token', async (request, reply) => {
      const { token } = request.params as { token: string };
      if (!oauth.isAuthorized(`Bearer ${token}`))
        return reply.code(404).send(error('OBJECT_NOT_FOUND', 'access token not found'));
      return {
        token,
        user: 'sandbox@revlane.test',
        hub_domain: HUB_DOMAIN,
        scopes: oauth.scopeOf(token).split(' ').filter(Boolean),
        hub_id: HUB_ID,
        app_id: 1,
        expires_in: oauth.accessTtlSeconds,
        user_id: 1,
        token_type: 'access',
      };
    });
    app.delete('/oauth/v1/refresh-tokens/:token', async (request, reply) => {
      oauth.record('revoke', {}, (request.params as { token: string }).token);
      oauth.revoke((request.params as { token: string }).token);
      return reply.code(204).send();
    });
    const guard = (authorization: string | undefined, reply: FastifyReply) => {
      if (!oauth.isAuthorized(authorization)) {
        void reply
          .code(401)
          .send(
            error('INVALID_AUTHENTICATION', 'Authentication credentials not found or expired.'),
          );
        return true;
      }
      const limited = {
        status: 'error',
        message: 'You have reached your ten_secondly_rolling limit.',
        errorType: 'RATE_LIMIT',
        policyName: 'TEN_SECONDLY_ROLLING',
        correlationId: randomUUID(),
      };
      if (oauth.throttled(reply, limited)) return true;
      const wait = sandbox.window.admit();
      if (wait === 0) return false;
      void reply.code(429).header('retry-after', String(wait)).send(limited);
      return true;
    };
    app.post('/crm/v3/objects/:object/search', async (request, reply) => {
      if (guard(request.headers.authorization, reply)) return reply;
      const { object } = request.params as { object: string };
      const rows =
        object === 'companies' || object === 'contacts'
          ? data[object].rows()
          : object === 'deals' || object === 'tasks'
            ? data[object]
            : undefined;
      if (!rows)
        return reply
          .code(400)
          .send(error('VALIDATION_ERROR', `Unable to infer object type from: ${object}`));
      const body = (request.body ?? {}) as SearchBody;
      const filters = (body.filterGroups ?? []).flatMap((group) => group.filters ?? []);
      const sortKey = body.sorts?.[0]?.replace(/^-/, '');
      const selected = rows
        .filter((row) => filters.every((filter) => matches(row, filter)))
        .sort((a, b) =>
          sortKey
            ? Date.parse(a.properties[sortKey] ?? '') - Date.parse(b.properties[sortKey] ?? '') ||
              a.id.localeCompare(b.id)
            : 0,
        );
      const wanted = new Set(body.properties ?? []);
      const page = pageOf(
        selected,
        body.after,
        body.limit,
        `${app.prefix}/crm/v3/objects/${object}/search`,
      );
      return {
        total: selected.length,
        ...page,
        results: page.results.map((row) => ({
          ...row,
          properties: Object.fromEntries(
            Object.entries(row.properties).filter(
              ([key]) => wanted.size === 0 || wanted.has(key) || key === 'hs_object_id',
            ),
          ),
        })),
      };
    });
    app.post('/crm/v4/associations/:from/:to/batch/read', async (request, reply) => {
      if (guard(request.headers.authorization, reply)) return reply;
      const { from, to } = request.params as { from: string; to: string };
      const links = to === 'companies' ? data.companyOf[from] : undefined;
      if (!links)
        return reply
          .code(400)
          .send(error('VALIDATION_ERROR', `Unknown association from ${from} to ${to}`));
      const inputs = ((request.body ?? {}) as { inputs?: { id: string }[] }).inputs ?? [];
      const now = new Date().toISOString();
      const linked = inputs.filter((input) => links.has(String(input.id)));
      const unlinked = inputs.filter((input) => !links.has(String(input.id)));
      const primaryTypeId = from === 'deals' ? 5 : 1;
      const unlabelledTypeId = from === 'deals' ? 341 : 279;
      // Objects without the association are reported as errors of a 207, as HubSpot does.
      return reply.code(unlinked.length > 0 ? 207 : 200).send({
        status: 'COMPLETE',
        results: linked.map((input) => ({
          from: { id: String(input.id) },
          to: [
            {
              toObjectId: Number(links.get(String(input.id))),
              associationTypes: [
                { category: 'HUBSPOT_DEFINED', typeId: primaryTypeId, label: 'Primary' },
                { category: 'HUBSPOT_DEFINED', typeId: unlabelledTypeId, label: null },
              ],
            },
          ],
        })),
        ...(unlinked.length > 0
          ? {
              numErrors: unlinked.length,
              errors: unlinked.map((input) => ({
                status: 'error',
                category: 'OBJECT_NOT_FOUND',
                subCategory: 'crm.associations.NO_ASSOCIATIONS_FOUND',
                message: `No ${to} is associated to ${from} ${input.id}.`,
                context: { fromObjectId: [String(input.id)] },
              })),
            }
          : {}),
        startedAt: now,
        completedAt: now,
      });
    });
    app.post('/crm/v3/objects/tasks', async (request, reply) => {
      if (guard(request.headers.authorization, reply)) return reply;
      const body = request.body as
        { properties?: Properties; associations?: { to?: { id?: string } }[] } | undefined;
      const properties = body?.properties ?? {};
      // A task names its company by association; an unknown company is HubSpot's 400.
      const companies = (body?.associations ?? []).map((a) => String(a.to?.id ?? ''));
      const unknown = companies.find((id) => !data.companies.get(id));
      if (unknown !== undefined)
        return reply
          .code(400)
          .send(error('VALIDATION_ERROR', `No company with id ${unknown} to associate with.`));
      const owner = properties.hubspot_owner_id;
      if (owner && !data.owners.some((candidate) => candidate.id === owner))
        return reply
          .code(400)
          .send(
            error(
              'VALIDATION_ERROR',
              `Property values were not valid: {"isValid":false,"message":"${owner} is not a valid owner id","error":"INVALID_OWNER_ID","name":"hubspot_owner_id"}`,
            ),
          );
      const key = properties[TASK_KEY_PROPERTY];
      if (key && data.tasks.some((task) => task.properties[TASK_KEY_PROPERTY] === key))
        return reply
          .code(409)
          .send(error('CONFLICT', `A task with ${TASK_KEY_PROPERTY} "${key}" already exists.`));
      const now = new Date().toISOString();
      const id = String(9_100_000 + data.tasks.length + 1);
      const task: HubSpotObject = {
        id,
        properties: { hs_object_id: id, hs_lastmodifieddate: now, ...properties },
        createdAt: now,
        updatedAt: now,
        archived: false,
        ...(companies.length > 0
          ? { associations: { companies: { results: companies.map((id) => ({ id })) } } }
          : {}),
      };
      data.tasks.push(task);
      oauth.record('task', task, request.headers.authorization);
      return reply.code(201).send(task);
    });
    crmBatchRoutes(app, data, guard, () => oauth.answerDelay());
    // The client asks for `/crm/v3/owners/`, with the trailing slash.
    app.get('/crm/v3/owners/', async (request, reply) => {
      if (guard(request.headers.authorization, reply)) return reply;
      const query = request.query as { after?: string; limit?: string };
      return pageOf(
        data.owners,
        query.after,
        Number(query.limit ?? 100),
        `${app.prefix}/crm/v3/owners`,
      );
    });
    done();
  };
}

/** A portal's records and rolling request window, one per OAuth state (each fake instance). */
interface FakePortal {
  data: ReturnType<typeof hubspotObjects>;
  window: RollingWindow;
}
const portals = new WeakMap<FakeOAuth, FakePortal>();

function sandboxOf(oauth: FakeOAuth): FakePortal {
  let portal = portals.get(oauth);
  if (!portal) {
    portal = { data: hubspotObjects(), window: new RollingWindow(HUBSPOT_REQUEST_LIMIT) };
    portals.set(oauth, portal);
  }
  return portal;
}

/** What tests and the sandbox's own pages read of a HubSpot fake (see `hubspotFakeState`). */
export interface HubSpotFakeState {
  /** The rolling window beyond which API calls answer 429 (default HUBSPOT_REQUEST_LIMIT). */
  requestLimit: RequestLimit;
  /** What the object holds now: each record's id and properties (cleared ones null). */
  records(object: CrmObjectName): { id: string; properties: Properties }[];
  /**
   * Times batch calls (upsert, update, archive) wrote the record whose `property` (default
   * `hs_object_id`; else a unique property or a contact's email) was `value` then.
   */
  writes(object: CrmObjectName, value: string, property?: string): number;
}

/**
 * The state of the HubSpot fake served with this OAuth state (`hubspotFake(oauth)`): its
 * records, per-record write counters and request limit.
 */
export function hubspotFakeState(oauth: FakeOAuth): HubSpotFakeState {
  const portal = sandboxOf(oauth);
  return {
    get requestLimit() {
      return portal.window.limit;
    },
    set requestLimit(limit: RequestLimit) {
      portal.window = new RollingWindow(limit);
    },
    records: (object) =>
      portal.data[object].rows().map((row) => ({ id: row.id, properties: { ...row.properties } })),
    writes: (object, value, property) => portal.data[object].writesOf(value, property),
  };
}

/** The sandbox's HubSpot state: the app's own client, access tokens of 30 minutes. */
export const newHubSpotOAuth = (clientId: string, clientSecret: string) =>
  new FakeOAuth('hubspot', clientId, clientSecret, { accessTtlSeconds: 1800 });
