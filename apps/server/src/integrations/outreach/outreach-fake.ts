import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { crmDataset } from '../core/crm-dataset.js';
import { acceptFormBodies, FakeOAuth } from '../core/fake-oauth.js';

const MAX_PAGE = 1000;
/** The sandbox's sequences, ids 1, 2, 3 in this order. */
export const SANDBOX_SEQUENCES = ['Sandbox onboarding', 'Sandbox renewal', 'Sandbox expansion'];
/** What Outreach answers when the prospect is in the sequence already (a 422). */
export const ALREADY_IN_SEQUENCE = 'The prospect is already in this sequence.';
const ORG_NAME = 'Revlane Sandbox (Outreach)';

interface Resource {
  type: string;
  id: number;
  attributes: Record<string, unknown> & { updatedAt: string };
  relationships: Record<string, { data: { type: string; id: number } | null }>;
}

/** Outreach's default prospect stages, in their order. */
const STAGES = ['Cold', 'Approaching', 'Replied', 'Interested', 'Not Interested'];

const jsonApiError = (id: string, title: string, detail: string) => ({
  errors: [{ id, title, detail }],
});

/** Outreach ids are integers; the dataset's suffixes are. */
const idOf = (text: string) => Number(text.replace(/\D/g, '').slice(-6));

function outreachResources() {
  const data = crmDataset({ account: 'A', contact: 'P', deal: 'D', owner: 'U' });
  const user = (id: string) => ({ type: 'user', id: idOf(id) });
  const ownerOf = new Map(data.accounts.map((a) => [a.id, a.ownerId]));
  const at = data.owners[0]!.modifiedAt;
  return {
    mailboxes: [
      {
        type: 'mailbox',
        id: 1,
        attributes: { email: 'sandbox@revlane.test', sendDisabled: false, updatedAt: at },
        relationships: { user: { data: user(data.owners[0]!.id) } },
      },
    ] as Resource[],
    sequences: SANDBOX_SEQUENCES.map<Resource>((name, index) => ({
      type: 'sequence',
      id: index + 1,
      attributes: { name, enabled: true, updatedAt: at },
      relationships: {},
    })),
    /** Prospects added to sequences (plays); one per prospect and sequence. */
    sequenceStates: [] as Resource[],
    users: data.owners.map<Resource>((o) => ({
      type: 'user',
      id: idOf(o.id),
      attributes: {
        name: o.name,
        firstName: o.name.split(' ')[0],
        lastName: o.name.split(' ').slice(1).join(' '),
        email: o.email,
        updatedAt: o.modifiedAt,
      },
      relationships: {},
    })),
    stages: STAGES.map<Resource>((name, i) => ({
      type: 'stage',
      id: i + 1,
      attributes: { name, order: i + 1, color: '#7c3aed', updatedAt: at },
      relationships: {},
    })),
    accounts: data.accounts.map<Resource>((a) => ({
      type: 'account',
      id: idOf(a.id),
      attributes: {
        name: a.name,
        domain: a.domain,
        industry: a.industry,
        description: 'Sandbox',
        updatedAt: a.modifiedAt,
      },
      relationships: { owner: { data: user(a.ownerId) } },
    })),
    prospects: data.contacts.map<Resource>((c, i) => ({
      type: 'prospect',
      id: idOf(c.id),
      attributes: {
        firstName: c.firstName,
        lastName: c.lastName,
        emails: [c.email],
        title: 'Sandbox contact',
        updatedAt: c.modifiedAt,
      },
      relationships: {
        account: { data: { type: 'account', id: idOf(c.accountId) } },
        owner: { data: user(ownerOf.get(c.accountId)!) },
        stage: { data: { type: 'stage', id: (i % STAGES.length) + 1 } },
      },
    })),
  };
}

/** `a..b` with `inf` / `neginf` ends, as Outreach's range filters. */
function inRange(value: string, range: string | undefined) {
  if (!range) return true;
  const [from, to] = range.split('..');
  const at = Date.parse(value);
  if (from && from !== 'neginf' && at < Date.parse(from)) return false;
  if (to && to !== 'inf' && at > Date.parse(to)) return false;
  return true;
}

/** `filter[emails]=a@b` on prospects, `filter[<relationship>][id]=n` on any collection. */
function matchesFilters(row: Resource, query: Record<string, string | undefined>) {
  return Object.entries(query).every(([name, value]) => {
    if (value === undefined) return true;
    if (name === 'filter[emails]')
      return ((row.attributes.emails as string[] | undefined) ?? []).includes(value);
    const related = /^filter\[(\w+)\]\[id\]$/.exec(name)?.[1];
    if (related) return String(row.relationships[related]?.data?.id) === value;
    return true;
  });
}

/** A JSON:API create body's attributes and relationship ids. */
function createBody(body: unknown) {
  const data = (body as { data?: Partial<Resource> } | undefined)?.data;
  const relationships = Object.fromEntries(
    Object.entries(data?.relationships ?? {}).map(([name, link]) => [name, link.data?.id]),
  );
  const attributes: Record<string, unknown> = data?.attributes ?? {};
  return { type: data?.type, attributes, relationships };
}

/**
 * A local Outreach (docs/architecture.md §6, Connections): its OAuth server (two-hour access
 * tokens, refresh, `invalid_grant`, revoke), the API root's `meta` naming the org, and
 * accounts, prospects, users and stages as JSON:API sorted by `updatedAt`, filtered by `filter[updatedAt]`
 * and paged by cursor through `links.next`; mailboxes, sequences, prospects created by email
 * (`filter[emails]` finds them) and sequence states (422 when the prospect is in the sequence
 * already or the sequence does not exist; created ones listed in `/received`); 401 and 429
 * (with Retry-After) in its error shape.
 */
export function outreachFake(oauth: FakeOAuth): FastifyPluginCallback {
  return (app: FastifyInstance, _options, done) => {
    acceptFormBodies(app);
    // Outreach's API takes JSON:API bodies under their own media type.
    app.addContentTypeParser(
      'application/vnd.api+json',
      { parseAs: 'string' },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch (error) {
          done(error as Error);
        }
      },
    );
    const resources = outreachResources();
    oauth.consentRoutes(app, '/oauth/authorize', 'Outreach');
    app.post('/oauth/token', async (request, reply) => {
      const form = request.body as Record<string, string | undefined>;
      if (!oauth.isClient(form))
        return reply
          .code(401)
          .send({ error: 'invalid_client', error_description: 'Client authentication failed.' });
      const issued = oauth.grant(form);
      if (!issued)
        return reply.code(400).send({
          error: 'invalid_grant',
          error_description:
            'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
        });
      return {
        access_token: issued.accessToken,
        token_type: 'Bearer',
        expires_in: issued.expiresIn,
        refresh_token: issued.refreshToken,
        scope: 'scope' in issued ? issued.scope : undefined,
        created_at: Math.floor(Date.now() / 1000),
      };
    });
    app.post('/oauth/revoke', (request) => {
      oauth.record('revoke', {}, (request.body as Record<string, string>).token);
      oauth.revoke((request.body as Record<string, string>).token ?? '');
      return {};
    });
    const guard = (request: FastifyRequest, reply: FastifyReply) => {
      if (!oauth.isAuthorized(request.headers.authorization)) {
        void reply
          .code(401)
          .send(
            jsonApiError(
              'unauthorizedRequest',
              'Unauthorized Request',
              'Token is invalid or expired.',
            ),
          );
        return true;
      }
      return oauth.throttled(
        reply,
        jsonApiError(
          'rateLimitExceeded',
          'Rate Limit Exceeded',
          'You have exceeded your permitted rate limit.',
        ),
      );
    };
    app.get('/api/v2', async (request, reply) => {
      if (guard(request, reply)) return reply;
      return {
        meta: {
          org: { guid: 'sandbox-org', name: ORG_NAME },
          user: { email: 'sandbox@revlane.test' },
        },
      };
    });
    app.get('/api/v2/:collection', async (request, reply) => {
      if (guard(request, reply)) return reply;
      const { collection } = request.params as { collection: string };
      const rows = resources[collection as keyof typeof resources];
      if (!rows)
        return reply
          .code(404)
          .send(jsonApiError('resourceNotFound', 'Resource Not Found', collection));
      const query = request.query as Record<string, string | undefined>;
      const size = Math.min(Math.max(Number(query['page[size]'] ?? 50) || 50, 1), MAX_PAGE);
      const start = Number(Buffer.from(query['page[after]'] ?? '', 'base64url').toString() || 0);
      const selected = rows
        .filter((row) => inRange(row.attributes.updatedAt, query['filter[updatedAt]']))
        .filter((row) => matchesFilters(row, query))
        .sort((a, b) =>
          query.sort === 'updatedAt'
            ? Date.parse(a.attributes.updatedAt) - Date.parse(b.attributes.updatedAt) || a.id - b.id
            : a.id - b.id,
        );
      const page = selected.slice(start, start + size);
      const self = new URL(`${request.protocol}://${request.host}${request.url}`);
      let next: string | undefined;
      if (start + size < selected.length) {
        self.searchParams.set(
          'page[after]',
          Buffer.from(String(start + size)).toString('base64url'),
        );
        next = self.toString();
      }
      return { data: page, meta: { count: selected.length }, links: next ? { next } : {} };
    });
    const created = (request: FastifyRequest, reply: FastifyReply, resource: Resource) => {
      oauth.record(`${resource.type}.created`, resource, request.headers.authorization);
      return reply.code(201).type('application/vnd.api+json').send({ data: resource });
    };
    app.post('/api/v2/prospects', async (request, reply) => {
      if (guard(request, reply)) return reply;
      const { type, attributes } = createBody(request.body);
      const emails = (attributes.emails as string[] | undefined) ?? [];
      if (type !== 'prospect' || emails.length === 0)
        return reply
          .code(422)
          .send(jsonApiError('validationError', 'Validation Error', 'Emails can’t be blank.'));
      const taken = resources.prospects.find((row) =>
        (row.attributes.emails as string[]).some((email) => emails.includes(email)),
      );
      if (taken)
        return reply
          .code(422)
          .send(jsonApiError('validationError', 'Validation Error', 'Emails have been taken.'));
      const now = new Date().toISOString();
      const prospect: Resource = {
        type: 'prospect',
        id: 900_000 + resources.prospects.length + 1,
        attributes: { ...attributes, emails, updatedAt: now },
        relationships: {},
      };
      resources.prospects.push(prospect);
      return created(request, reply, prospect);
    });
    app.post('/api/v2/sequenceStates', async (request, reply) => {
      if (guard(request, reply)) return reply;
      const { relationships } = createBody(request.body);
      const invalid = (detail: string) =>
        reply.code(422).send(jsonApiError('validationError', 'Validation Error', detail));
      const [prospect, sequence, mailbox] = [
        resources.prospects.find((row) => row.id === Number(relationships.prospect)),
        resources.sequences.find((row) => row.id === Number(relationships.sequence)),
        resources.mailboxes.find((row) => row.id === Number(relationships.mailbox)),
      ];
      if (!prospect) return invalid('Prospect must exist.');
      if (!sequence) return invalid('Sequence must exist.');
      if (!mailbox) return invalid('Mailbox must exist.');
      const state = resources.sequenceStates.find(
        (row) =>
          row.relationships.prospect?.data?.id === prospect.id &&
          row.relationships.sequence?.data?.id === sequence.id,
      );
      if (state) return invalid(ALREADY_IN_SEQUENCE);
      return created(request, reply, {
        ...pushState(resources.sequenceStates, prospect.id, sequence.id, mailbox.id),
      });
    });
    done();
  };
}

function pushState(states: Resource[], prospect: number, sequence: number, mailbox: number) {
  const state: Resource = {
    type: 'sequenceState',
    id: 700_000 + states.length + 1,
    attributes: { state: 'active', updatedAt: new Date().toISOString() },
    relationships: {
      prospect: { data: { type: 'prospect', id: prospect } },
      sequence: { data: { type: 'sequence', id: sequence } },
      mailbox: { data: { type: 'mailbox', id: mailbox } },
    },
  };
  states.push(state);
  return state;
}

/** The sandbox's Outreach state: the app's own client, access tokens of two hours. */
export const newOutreachOAuth = (clientId: string, clientSecret: string) =>
  new FakeOAuth('outreach', clientId, clientSecret, { accessTtlSeconds: 7200 });
