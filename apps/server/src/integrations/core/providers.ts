import type { ConnectionProvider } from '@revlane/contracts';
import { hubspotProvider } from '../hubspot/hubspot-provider.js';
import { intercomProvider } from '../intercom/intercom-provider.js';
import type { OAuthProvider } from './oauth-provider.js';
import { outreachProvider } from '../outreach/outreach-provider.js';
import { salesforceProvider } from '../salesforce/salesforce-provider.js';
import { slackProvider } from '../slack/slack-provider.js';

/** The providers built so far; the others' cards say they are coming (docs/product.md §1). */
export const OAUTH_PROVIDERS: Partial<Record<ConnectionProvider, OAuthProvider>> = {
  salesforce: salesforceProvider,
  hubspot: hubspotProvider,
  intercom: intercomProvider,
  outreach: outreachProvider,
  slack: slackProvider,
};
