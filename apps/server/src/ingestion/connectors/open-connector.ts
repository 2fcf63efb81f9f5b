import type { SourceType } from '@revlane/contracts';
import type { GoogleSheetsSettings } from '../../platform/config.js';
import type { OutboundPolicy } from '../../platform/outbound/outbound-policy.js';
import type { SourceSettings } from '../sources/source-secrets.js';
import {
  ConnectorError,
  type SourceConnector,
  CrmConnector,
  GoogleSheetsConnector,
  hubspotReader,
  intercomReader,
  outreachReader,
  RedashConnector,
  SalesforceConnector,
} from '../../integrations/index.js';
import { CsvConnector, csvFileOf } from './csv-connector.js';
import type { DatabaseSourceConfig } from './database-session.js';
import { MySqlConnector } from './mysql-connector.js';
import { PostgresConnector } from './postgres-connector.js';
import type { SessionOpener } from '../../integrations/index.js';
import type { CsvLoadAhead } from '../landing/csv-load-ahead.js';

export interface ConnectorContext {
  /** The directory every process shares: CSV sources' files are under it (ADR 0035). */
  sharedDir: string;
  orgId: string;
  /** Null for an unsaved config being tested. */
  sourceId: string | null;
  policy: OutboundPolicy;
  googleSheets: GoogleSheetsSettings;
  /** Opens an OAuth connection's session (CRM sources sync through their connection). */
  openSession: SessionOpener;
  /** A CSV source's sync claims the rows its upload loaded while arriving (ADR 0029). */
  loadAhead?: Pick<CsvLoadAhead, 'claim'>;
}

/** The CSV source's one table is its file, named as uploaded. */
export const csvTableName = (config: SourceSettings) =>
  typeof config.fileName === 'string' ? config.fileName : 'data.csv';

/** The connector of a source type over its full config (secrets opened). */
export function openConnector(
  type: SourceType,
  config: SourceSettings,
  context: ConnectorContext,
): SourceConnector {
  switch (type) {
    case 'postgres':
      return new PostgresConnector(config as unknown as DatabaseSourceConfig, context.policy);
    case 'mysql':
      return new MySqlConnector(config as unknown as DatabaseSourceConfig, context.policy);
    case 'redash':
      return new RedashConnector(
        config as { url: string },
        typeof config.apiKey === 'string' ? config.apiKey : '',
        context.policy,
      );
    case 'google_sheets':
      return new GoogleSheetsConnector(
        String(config.spreadsheetId),
        context.googleSheets,
        typeof config.serviceAccountKey === 'string' ? config.serviceAccountKey : undefined,
      );
    case 'csv': {
      if (!context.sourceId)
        throw new ConnectorError('not_found', 'Upload the file first: a CSV source is its file.');
      const { orgId, sourceId, loadAhead } = context;
      const file = csvFileOf(context.sharedDir, orgId, sourceId);
      return new CsvConnector(file, csvTableName(config), {
        ...(loadAhead
          ? { claimLoadedAhead: (onProgress) => loadAhead.claim(orgId, sourceId, file, onProgress) }
          : {}),
      });
    }
    case 'salesforce':
      return new SalesforceConnector(() => context.openSession(context.orgId, 'salesforce'));
    case 'hubspot':
      return new CrmConnector(hubspotReader, () => context.openSession(context.orgId, 'hubspot'));
    case 'outreach':
      return new CrmConnector(outreachReader, () => context.openSession(context.orgId, 'outreach'));
    case 'intercom':
      return new CrmConnector(intercomReader, () => context.openSession(context.orgId, 'intercom'));
  }
}
