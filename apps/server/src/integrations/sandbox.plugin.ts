import { CONNECTIONS_API, type ConnectionProvider } from '@revlane/contracts';
import type { FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { FakeOAuth } from './core/fake-oauth.js';
import { hubspotFake, newHubSpotOAuth } from './hubspot/hubspot-fake.js';
import { intercomFake, newIntercomOAuth } from './intercom/intercom-fake.js';
import { newOutreachOAuth, outreachFake } from './outreach/outreach-fake.js';
import { newSalesforceOAuth, salesforceFake } from './salesforce/salesforce-fake.js';
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

/**
 * Serves the built-in fake providers under `/sandbox/<provider>` for every provider that
 * runs in the sandbox (no client id, SAAS_SANDBOX on), so `npm start` can try connections
 * end to end (docs/architecture.md §6, Connections). Public: a fake holds no real data.
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
  }
});
