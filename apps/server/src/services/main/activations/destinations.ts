import type { ActivationProvider } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import {
  googleSheetsDestination,
  hubspotDestination,
  intercomDestination,
  salesforceDestination,
  sessionsOfRun,
  type Destination,
} from '../../../integrations/index.js';

export type DestinationOf = (provider: ActivationProvider) => Destination;

/**
 * The destinations activations write to (ADR 0033), each through its provider's own client
 * and the organization's connection (a Google sheet: the deployment's service account).
 * Made per run or request: its sessions (tokens) live as long as that caller.
 */
export function destinationsOf(app: FastifyInstance): DestinationOf {
  const open = sessionsOfRun(app);
  const all: Record<ActivationProvider, Destination> = {
    salesforce: salesforceDestination(open),
    hubspot: hubspotDestination(open),
    intercom: intercomDestination(open),
    google_sheets: googleSheetsDestination(app.config.sources.googleSheets),
  };
  return (provider) => all[provider];
}
