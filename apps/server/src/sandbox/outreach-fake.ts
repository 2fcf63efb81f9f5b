import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { crmDataset } from './crm-dataset.js';
import { acceptFormBodies, FakeOAuth } from './fake-oauth.js';

const MAX_PAGE = 1000;
const ORG_NAME = 'Revlane Sandbox (Outreach)';

interface Resource {
  type: string;
  id: number;
  attributes: Record<string, unknown> & { updatedAt: string };
  relationships: Record<string, { data: { type: string; id: number } | null }>;
}

const jsonApiError = (id: string, title: string, detail: string) => ({
  errors: [{ id, title, detail }],
});

/** Outreach ids are integers; the dataset's suffixes are. */
const idOf = (text: string) => Number(text.replace(/\D/g, '').slice(-6));

function outreachResources() {
  const data = crmDataset({ account: 'A', contact: 'P', deal: 'D', owner: 'U' });
  const user = (id: string) => ({ type: 'user', id: idOf(id) });
  const ownerOf = new Map(data.accounts.map((a) => [a.id, a.ownerId]));
  return {
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
    prospects: data.contacts.map<Resource>((c) => ({
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

/**
 * A local Outreach (docs/architecture.md §6, Connections): its OAuth server (two-hour access
 * tokens, refresh, `invalid_grant`, revoke), the API root's `meta` naming the org, and
 * accounts and prospects as JSON:API sorted by `updatedAt`, filtered by `filter[updatedAt]`
 * and paged by cursor through `links.next`; 401 and 429 (with Retry-After) in its error shape.
 */
export function outreachFake(oauth: FakeOAuth): FastifyPluginCallback {
  return (app: FastifyInstance, _options, done) => {
    acceptFormBodies(app);
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
        scope: 'accounts.read prospects.read users.read',
        created_at: Math.floor(Date.now() / 1000),
      };
    });
    app.post('/oauth/revoke', (request) => {
      oauth.revoke((request.body as Record<string, string>).token ?? '');
      oauth.record('revoke', {});
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
    app.get('/received', () => oauth.received);
    done();
  };
}

/** The sandbox's Outreach state: the app's own client, access tokens of two hours. */
export const newOutreachOAuth = (clientId: string, clientSecret: string) =>
  new FakeOAuth('outreach', clientId, clientSecret, { accessTtlSeconds: 7200 });
