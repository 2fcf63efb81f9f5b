import { CONNECTIONS_API, type ConnectionProvider } from '@revlane/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { FakeOAuth } from './core/fake-oauth.js';
import { findConnection } from './core/connections.repository.js';
import type { ProviderTokens } from './core/oauth-provider.js';
import { googleSheetsFake } from './google-sheets/google-sheets-fake.js';
import { hubspotFake, hubspotFakeState, newHubSpotOAuth } from './hubspot/hubspot-fake.js';
import { isCrmObject } from './hubspot/hubspot-fake-crm.js';
import { intercomFake, newIntercomOAuth } from './intercom/intercom-fake.js';
import { newOutreachOAuth, outreachFake } from './outreach/outreach-fake.js';
import {
  newSalesforceOAuth,
  salesforceFake,
  salesforceSandboxOf,
} from './salesforce/salesforce-fake.js';
import { newSlackOAuth, slackFake } from './slack/slack-fake.js';

/** The fake providers this app can serve, each a plugin over its own OAuth state. */
export const SANDBOX_FAKES: Partial<
  Record<
    ConnectionProvider,
    {
      oauth: (id: string, secret: string) => FakeOAuth;
      plugin: (oauth: FakeOAuth) => FastifyPluginCallback;
    }
  >
> = {
  salesforce: { oauth: newSalesforceOAuth, plugin: salesforceFake },
  hubspot: { oauth: newHubSpotOAuth, plugin: hubspotFake },
  intercom: { oauth: newIntercomOAuth, plugin: intercomFake },
  outreach: { oauth: newOutreachOAuth, plugin: outreachFake },
  slack: { oauth: newSlackOAuth, plugin: slackFake },
};

/** The grants behind the organization's saved tokens for the provider (none: not connected). */
async function grantsOf(
  app: FastifyInstance,
  orgId: string,
  provider: ConnectionProvider,
  oauth: FakeOAuth,
): Promise<Set<string>> {
  const record = await findConnection(app.db, orgId, provider);
  if (!record?.sealedTokens) return new Set();
  const tokens = app.secrets.openJson(record.sealedTokens, record.id) as ProviderTokens;
  const grants = [tokens.accessToken, tokens.refreshToken ?? ''].map((t) => oauth.grantOf(t));
  return new Set(grants.filter((grant): grant is string => grant !== null));
}

/**
 * What the fake received, for a signed-in user and only from their organization's
 * authorization (docs/architecture.md §6, Connections): a play's Slack text names accounts
 * and MRR, so it is never public. Without a token: 401.
 */
function receivedRoute(app: FastifyInstance, provider: ConnectionProvider, oauth: FakeOAuth) {
  app.get(`/sandbox/${provider}/received`, { onRequest: app.authenticate }, async (request) =>
    oauth.receivedIn(await grantsOf(app, request.auth.org.id, provider, oauth)),
  );
}

/**
 * What a sandbox CRM object holds now (ADR 0033: an activation's result is visible on
 * `npm start`), for a signed-in user: Salesforce's rows by object name, HubSpot's records.
 * The sandbox is one CRM shared by every organization on this server, as its seeded data is.
 */
function objectsRoute(app: FastifyInstance, provider: ConnectionProvider, oauth: FakeOAuth) {
  const rowsOf = (object: string): unknown[] | null => {
    if (provider === 'salesforce') return salesforceSandboxOf(oauth).rows(object);
    if (provider === 'hubspot' && isCrmObject(object))
      return hubspotFakeState(oauth).records(object);
    return null;
  };
  if (provider !== 'salesforce' && provider !== 'hubspot') return;
  app.get(
    `/sandbox/${provider}/objects/:object`,
    { onRequest: app.authenticate },
    async (request, reply) =>
      rowsOf((request.params as { object: string }).object) ??
      reply.code(404).send({ error: 'not_found', message: 'No such object in the sandbox' }),
  );
}

/**
 * The Google Sheets fake under /sandbox/google-sheets (ADR 0017), signed in to as the demo
 * service account: a play's "Append to a Google Sheet" works on `npm start`; a spreadsheet
 * id not seen before is created on first use. The key is made on first use, not at start:
 * an RSA key costs tens of milliseconds and most starts never touch a sheet.
 */
function sheetsSandbox(app: FastifyInstance) {
  const settings = app.config.sources.googleSheets;
  const email = app.config.googleServiceAccountEmail;
  const fake = googleSheetsFake({ spreadsheets: [], url: settings.apiUrl, onDemandFor: email });
  let key: string | undefined;
  Object.defineProperty(settings, 'serviceAccountKey', {
    get: () => (key ??= fake.createServiceAccount(email)),
  });
  return app.register(
    (scope, _options, done) => {
      // The fake reads its own request bodies, as on Google's servers: none is parsed here.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
      scope.all('/*', (request, reply) => {
        reply.hijack();
        fake.handle(request.raw, reply.raw, `/${(request.params as { '*': string })['*']}`);
      });
      done();
    },
    { prefix: '/sandbox/google-sheets' },
  );
}

/**
 * Serves the built-in fake providers under `/sandbox/<provider>` for every provider that
 * runs in the sandbox (no client id, SAAS_SANDBOX on), so `npm start` can try connections
 * end to end (docs/architecture.md §6, Connections). Their OAuth and API routes are public,
 * as a provider's are; what they received is the signed-in organization's only.
 */
export const sandboxPlugin: FastifyPluginAsync = fp(async (app) => {
  for (const [provider, fake] of Object.entries(SANDBOX_FAKES)) {
    const settings = app.config.connections[provider as ConnectionProvider];
    if (!settings.sandbox || !settings.isAvailable || !fake) continue;
    const oauth = fake.oauth(settings.clientId, settings.clientSecret);
    // The app's own callback is the one redirect the sandbox's consent page follows.
    oauth.redirectUris.push(
      `${app.config.services.composer}/${CONNECTIONS_API.callback(provider)}`,
    );
    await app.register(fake.plugin(oauth), { prefix: `/sandbox/${provider}` });
    receivedRoute(app, provider as ConnectionProvider, oauth);
    objectsRoute(app, provider as ConnectionProvider, oauth);
  }
  if (app.config.sources.googleSheets.sandbox) await sheetsSandbox(app);
});
