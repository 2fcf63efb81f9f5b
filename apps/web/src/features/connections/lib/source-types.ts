import type { SourceType } from '@revlane/contracts';

interface SourceTypeInfo {
  label: string;
  description: string;
  /** What the wizard's "choose" step calls the things a source offers. */
  tablesNoun: string;
}

function crmSource(label: string): SourceTypeInfo {
  return {
    label,
    description: `Records synced through the ${label} connection.`,
    tablesNoun: 'objects',
  };
}

/** The data-source types of the "Add data source" wizard, in the order it offers them. */
export const SOURCE_TYPE_INFO: Record<SourceType, SourceTypeInfo> = {
  postgres: {
    label: 'PostgreSQL',
    description: 'Tables of a PostgreSQL database, read in a read-only session.',
    tablesNoun: 'tables',
  },
  mysql: {
    label: 'MySQL',
    description: 'Tables of a MySQL or MariaDB database, read in a read-only session.',
    tablesNoun: 'tables',
  },
  csv: {
    label: 'CSV file',
    description: 'Upload a file; a dropped connection or a reload resumes where it stopped.',
    tablesNoun: 'file',
  },
  google_sheets: {
    label: 'Google Sheets',
    description: 'Tabs of a spreadsheet shared with Revlane’s service account.',
    tablesNoun: 'tabs',
  },
  redash: {
    label: 'Redash',
    description: 'Results of saved Redash queries, through its API.',
    tablesNoun: 'queries',
  },
  // CRM sources are created by their connection, never by the wizard (ADR 0021).
  salesforce: crmSource('Salesforce'),
  hubspot: crmSource('HubSpot'),
  intercom: crmSource('Intercom'),
  outreach: crmSource('Outreach'),
};

/** A CSV source is its file: one table, loaded whole, with no connection to test. */
export const isFileSource = (type: SourceType): boolean => type === 'csv';

/**
 * The CRM and tool connections of the "CRM & tools" group; they arrive with their own issue
 * (docs/product.md §1), so the page shows them as not connected.
 */
export const CRM_TOOLS = [
  {
    id: 'salesforce',
    name: 'Salesforce',
    description: 'Accounts, contacts, leads, deals, owners.',
  },
  { id: 'hubspot', name: 'HubSpot', description: 'Companies, contacts, deals and owners.' },
  { id: 'intercom', name: 'Intercom', description: 'Companies and contacts; write for plays.' },
  { id: 'outreach', name: 'Outreach', description: 'Accounts and prospects.' },
  { id: 'slack', name: 'Slack', description: 'Alerts and play messages in your channels.' },
] as const;
