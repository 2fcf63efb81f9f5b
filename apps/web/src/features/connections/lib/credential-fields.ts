import type { SourceType, TlsMode } from '@revlane/contracts';

export interface CredentialField {
  /** The key in the source's `config`. */
  name: string;
  label: string;
  kind: 'text' | 'secret' | 'port' | 'tls';
  required?: boolean;
  placeholder?: string;
  help?: string;
}

const databaseFields = (defaultPort: number): CredentialField[] => [
  { name: 'host', label: 'Host', kind: 'text', required: true, placeholder: 'db.example.com' },
  { name: 'port', label: 'Port', kind: 'port', placeholder: String(defaultPort) },
  { name: 'database', label: 'Database', kind: 'text', required: true },
  { name: 'user', label: 'User', kind: 'text', required: true },
  { name: 'password', label: 'Password', kind: 'secret' },
  { name: 'tlsMode', label: 'TLS', kind: 'tls' },
];

/** The credential form of each source type, in the contracts' config field names. */
export const CREDENTIAL_FIELDS: Record<SourceType, CredentialField[]> = {
  postgres: [
    ...databaseFields(5432),
    { name: 'schema', label: 'Schema', kind: 'text', placeholder: 'public' },
  ],
  mysql: databaseFields(3306),
  csv: [],
  google_sheets: [
    {
      name: 'spreadsheetId',
      label: 'Spreadsheet',
      kind: 'text',
      required: true,
      placeholder: 'https://docs.google.com/spreadsheets/d/…',
      help: 'The sheet’s address or its id.',
    },
  ],
  redash: [
    {
      name: 'url',
      label: 'Redash URL',
      kind: 'text',
      required: true,
      placeholder: 'https://redash.example.com',
    },
    {
      name: 'apiKey',
      label: 'API key',
      kind: 'secret',
      required: true,
      help: 'Your user API key, from your Redash profile.',
    },
  ],
  // Connected through OAuth: no credentials to type (ADR 0021).
  salesforce: [],
  hubspot: [],
  intercom: [],
  outreach: [],
};

export const TLS_MODE_LABELS: Record<TlsMode, string> = {
  disable: 'Disable',
  prefer: 'Prefer',
  require: 'Require',
  'verify-full': 'Verify full',
};
