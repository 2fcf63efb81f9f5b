/**
 * Integrations (docs/architecture.md §3.4): one folder per provider (salesforce, hubspot,
 * intercom, outreach, slack, google-sheets, redash) holding its OAuth settings, client,
 * reader, senders and sandbox fake; `core/` holds what they share (OAuth connections and
 * sessions, the connector and sender contracts, the outcome of a send). Plays, alerts and
 * ingestion reach a provider only through this file.
 */
export { outcomeOfStatus, type ActionOutcome } from './core/action-outcome.js';
export { sessionsOfRun } from './core/connected-session.js';
export {
  ConnectionSession,
  sealTokens,
  sessionOpener,
  type SessionOpener,
} from './core/connection-session.js';
export {
  ensureConnection,
  findConnection,
  listConnectionRows,
  updateConnection,
  type ConnectionRecord,
} from './core/connections.repository.js';
export { connectionWarnings } from './core/connection-warnings.js';
export {
  ConnectorError,
  isConnectorError,
  isTransientFailure,
  type ExtractOptions,
  type ExtractResult,
  type ExtractedColumn,
  type SourceConnector,
} from './core/connector.js';
export { CrmConnector, crmSelectedTables } from './core/crm-connector.js';
export {
  DestinationRetry,
  type BatchCheckpoint,
  type Destination,
  type DestinationBatch,
  type DestinationChange,
  type DestinationContext,
  type DestinationHeld,
  type DestinationOperation,
  type DestinationResult,
  type RequestLimit,
} from './core/destination.js';
export {
  CRM_RECORD_FACTS,
  RECORD_COLUMN_DEFAULTS,
  type CrmRecordFacts,
} from './core/crm-record-facts.js';
export { writeCsvFile } from './core/csv-encoder.js';
export { jsonSafeRow } from './core/json-safe.js';
export { networkFailure } from './core/network-errors.js';
export { type AuthorizePurpose } from './core/oauth-provider.js';
export { consumeOAuthState, insertOAuthState } from './core/oauth-states.repository.js';
export { type ProviderSender, type RenderedTask } from './core/provider-sender.js';
export { OAUTH_PROVIDERS } from './core/providers.js';
export { googleSheetSender, type RenderedSheetRow } from './google-sheets/google-sheet-sender.js';
export { GoogleSheetsConnector } from './google-sheets/google-sheets-connector.js';
export { googleSheetsDestination } from './google-sheets/google-sheets-destination.js';
export { HUBSPOT_REQUEST_LIMIT, hubspotDestination } from './hubspot/hubspot-destination.js';
export { hubspotReader } from './hubspot/hubspot-reader.js';
export { hubspotTaskSender } from './hubspot/hubspot-task-sender.js';
export { intercomDestination } from './intercom/intercom-destination.js';
export { intercomReader } from './intercom/intercom-reader.js';
export { outreachReader } from './outreach/outreach-reader.js';
export {
  outreachSequenceSender,
  type RenderedSequence,
} from './outreach/outreach-sequence-sender.js';
export { RedashConnector } from './redash/redash-connector.js';
export { SalesforceConnector } from './salesforce/salesforce-connector.js';
export { salesforceDestination } from './salesforce/salesforce-destination.js';
export { SALESFORCE_TABLES } from './salesforce/salesforce-tables.js';
export { salesforceTaskSender } from './salesforce/salesforce-task-sender.js';
export { sandboxPlugin } from './sandbox.plugin.js';
export { openSlackClient, slackSender, type SlackSender } from './slack/slack-sender.js';
