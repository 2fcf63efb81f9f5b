import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { crmDataset } from '../core/crm-dataset.js';
import { acceptFormBodies, FakeOAuth } from '../core/fake-oauth.js';
import {
  contactWriteRoutes,
  errorList,
  FakeContacts,
  isLookup,
  newContact,
  type FakeContact,
  type SearchQuery,
} from './intercom-fake-contacts.js';

const SCROLL_PAGE = 50;
const MAX_SEARCH_PAGE = 150;
const WORKSPACE = 'Revlane Sandbox (Intercom)';
/** Intercom access tokens do not expire; the fake's live ten years. */
const NEVER_SECONDS = 10 * 365 * 24 * 3600;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function intercomObjects() {
  const data = crmDataset({ account: '6a1c', contact: '6b2d', deal: 'x', owner: '' });
  const admins = data.owners.map((o, i) => ({ id: 910_000 + i, name: o.name, email: o.email }));
  const adminOf = new Map(data.owners.map((o, i) => [o.id, admins[i]!.id]));
  const ownerOf = new Map(data.accounts.map((a) => [a.id, a.ownerId]));
  return {
    admins: admins.map((a) => ({
      type: 'admin',
      id: String(a.id),
      name: a.name,
      email: a.email,
      job_title: 'Account executive',
      away_mode_enabled: false,
      away_mode_reassign: false,
      has_inbox_seat: true,
      team_ids: [],
    })),
    companies: data.accounts.map((a, i) => ({
      type: 'company',
      id: a.id,
      company_id: a.domain,
      app_id: 'sbx',
      name: a.name,
      website: `https://www.${a.domain}`,
      industry: a.industry,
      plan: { type: 'plan', id: String(i % 3), name: ['Free', 'Pro', 'Enterprise'][i % 3] },
      monthly_spend: Math.round(a.arr / 12),
      user_count: 2,
      session_count: 10 + i,
      created_at: seconds(a.modifiedAt),
      updated_at: seconds(a.modifiedAt),
      tags: { type: 'tag.list', tags: [] },
      segments: { type: 'segment.list', segments: [] },
    })),
    contacts: new FakeContacts(
      data.contacts.map((c) => ({
        ...newContact(c.id, seconds(c.modifiedAt)),
        email: c.email,
        name: `${c.firstName} ${c.lastName}`,
        owner_id: adminOf.get(ownerOf.get(c.accountId)!) ?? null,
        companies: {
          type: 'list',
          data: [{ type: 'company', id: c.accountId, url: `/companies/${c.accountId}` }],
          url: `/contacts/${c.id}/companies`,
          total_count: 1,
          has_more: false,
        },
      })),
    ),
  };
}

interface SearchBody {
  query?: SearchQuery;
  pagination?: { per_page?: number; starting_after?: string };
}

/**
 * The contacts a query finds, in the subset the app sends: `updated_at > t` (the reader,
 * oldest first), or `=` on id, email or external_id (a destination's lookup); null otherwise.
 */
function searched(contacts: FakeContacts, query: SearchQuery): FakeContact[] | null {
  if (query.field === 'updated_at' && query.operator === '>') {
    const after = Number(query.value ?? 0);
    return contacts
      .rows()
      .filter((c) => c.updated_at > after)
      .sort((a, b) => a.updated_at - b.updated_at || a.id.localeCompare(b.id));
  }
  if (query.operator !== '=' || !isLookup(query.field)) return null;
  const found = contacts.find(query.field, String(query.value ?? ''));
  return found ? [found] : [];
}

/**
 * A local Intercom (docs/architecture.md §6, Connections) as `intercom-client` talks to it:
 * the authorize page, `/auth/eagle/token` (tokens that do not expire), `/me` naming the
 * workspace, `/auth/uninstall` revoking, companies by scroll (`scroll_param`), contacts by
 * search paged by `starting_after` (or looked up by id, email or external id), contacts'
 * attributes, create, update and delete (`contactWriteRoutes`); `error.list` bodies for 401
 * and for 429 with Retry-After.
 */
export function intercomFake(oauth: FakeOAuth): FastifyPluginCallback {
  return (app: FastifyInstance, _options, done) => {
    acceptFormBodies(app);
    const data = workspaceOf(oauth);
    const scrolls = new Map<string, number>();
    oauth.consentRoutes(app, '/oauth', 'Intercom');
    app.post('/auth/eagle/token', async (request, reply) => {
      const form = request.body as Record<string, string | undefined>;
      if (!oauth.isClient(form))
        return reply.code(401).send(errorList('unauthorized', 'Invalid client credentials'));
      // Intercom's token request carries no redirect_uri.
      const issued = oauth.redeem(form, { checksRedirectUri: false });
      if (!issued)
        return reply.code(400).send(errorList('invalid_grant', 'Invalid or expired code'));
      return { token_type: 'Bearer', token: issued.accessToken, access_token: issued.accessToken };
    });
    const guard = (request: FastifyRequest, reply: FastifyReply) => {
      if (!oauth.isAuthorized(request.headers.authorization)) {
        void reply.code(401).send(errorList('unauthorized', 'Access Token Invalid'));
        return true;
      }
      return oauth.throttled(
        reply,
        errorList('rate_limit_exceeded', 'Exceeded rate limit of 1000 in 60_seconds'),
      );
    };
    app.post('/auth/uninstall', async (request, reply) => {
      if (!oauth.isAuthorized(request.headers.authorization))
        return reply.code(401).send(errorList('unauthorized', 'Access Token Invalid'));
      oauth.record('revoke', {}, request.headers.authorization);
      oauth.revoke(String(request.headers.authorization).replace(/^Bearer /i, ''));
      return {};
    });
    app.get('/me', async (request, reply) => {
      if (guard(request, reply)) return reply;
      return {
        type: 'admin',
        id: '910000',
        name: 'Sandbox Admin',
        email: 'sandbox@revlane.test',
        email_verified: true,
        app: { type: 'app', id_code: 'sbx', name: WORKSPACE, region: 'US', timezone: 'UTC' },
      };
    });
    // The workspace's teammates (contacts' owner_id names one), all in one answer.
    app.get('/admins', async (request, reply) => {
      if (guard(request, reply)) return reply;
      return { type: 'admin.list', admins: data.admins };
    });
    app.get('/companies/scroll', async (request, reply) => {
      if (guard(request, reply)) return reply;
      const param = (request.query as { scroll_param?: string }).scroll_param;
      const start = param ? scrolls.get(param) : 0;
      if (start === undefined)
        return reply.code(404).send(errorList('not_found', 'scroll parameter not found'));
      const page = data.companies.slice(start, start + SCROLL_PAGE);
      const next = randomUUID();
      scrolls.set(next, start + SCROLL_PAGE);
      return {
        type: 'list',
        data: page,
        pages: null,
        total_count: null,
        // The scroll ends with an empty page, as Intercom's does.
        scroll_param: page.length > 0 ? next : null,
      };
    });
    contactWriteRoutes(app, data.contacts, guard);
    app.post('/contacts/search', async (request, reply) => {
      if (guard(request, reply)) return reply;
      const body = (request.body ?? {}) as SearchBody;
      const rows = searched(data.contacts, body.query ?? {});
      if (!rows) return reply.code(400).send(errorList('parameter_invalid', 'unsupported query'));
      const size = Math.min(Math.max(body.pagination?.per_page ?? 50, 1), MAX_SEARCH_PAGE);
      const start = Number(
        Buffer.from(body.pagination?.starting_after ?? '', 'base64url').toString() || 0,
      );
      const page = rows.slice(start, start + size);
      const more = start + size < rows.length;
      return {
        type: 'list',
        data: page,
        total_count: rows.length,
        pages: {
          type: 'pages',
          page: Math.floor(start / size) + 1,
          per_page: size,
          total_pages: Math.ceil(rows.length / size),
          ...(more
            ? {
                next: {
                  page: Math.floor(start / size) + 2,
                  starting_after: Buffer.from(String(start + size)).toString('base64url'),
                },
              }
            : {}),
        },
      };
    });
    done();
  };
}

const workspaces = new WeakMap<FakeOAuth, ReturnType<typeof intercomObjects>>();

/** The workspace's records, one per OAuth state (each fake instance). */
function workspaceOf(oauth: FakeOAuth) {
  let workspace = workspaces.get(oauth);
  if (!workspace) {
    workspace = intercomObjects();
    workspaces.set(oauth, workspace);
  }
  return workspace;
}

/** What tests and the sandbox's own pages read of the Intercom fake served with `oauth`. */
export function intercomFakeState(oauth: FakeOAuth) {
  const { contacts } = workspaceOf(oauth);
  return {
    /** The workspace's contacts now (custom attributes under `custom_attributes`). */
    contacts: () => contacts.rows().map((contact) => structuredClone(contact)),
    /** Writes (create, update, delete) of the contact whose `field` was `value` then. */
    writes: (value: string, field?: 'id' | 'email' | 'external_id') =>
      contacts.writesOf(value, field),
  };
}

/** The sandbox's Intercom state: the app's own client, tokens that do not expire. */
export const newIntercomOAuth = (clientId: string, clientSecret: string) =>
  new FakeOAuth('intercom', clientId, clientSecret, { accessTtlSeconds: NEVER_SECONDS });
