/**
 * What the mapping needs to know of a CRM's landed records to merge them with product data
 * (ADR 0032): its name, the word for each object (for the preview's sentence), which column
 * names a record's owner, and where the owners themselves land. Column names are the landed
 * source names (the reader's field lists).
 */
export interface CrmRecordFacts {
  label: string;
  /** The word for one record of each landed object (`Account` → account). */
  records: Record<string, string>;
  /** The column of a record naming its owner, and the owners' table it names a row of. */
  owner: { column: string; table: string; id: string; name: string[]; email: string };
}

export const CRM_RECORD_FACTS: Record<string, CrmRecordFacts> = {
  salesforce: {
    label: 'Salesforce',
    records: { Account: 'account', Contact: 'contact', Lead: 'lead', Opportunity: 'opportunity' },
    owner: { column: 'OwnerId', table: 'User', id: 'Id', name: ['Name'], email: 'Email' },
  },
  hubspot: {
    label: 'HubSpot',
    records: { companies: 'company', contacts: 'contact', deals: 'deal' },
    owner: {
      column: 'hubspot_owner_id',
      table: 'owners',
      id: 'id',
      name: ['firstName', 'lastName'],
      email: 'email',
    },
  },
};

/**
 * The columns a table is known to hold its record's id, name and last change in, first
 * match wins (case-insensitive): a join that names none of its own uses these.
 */
export const RECORD_COLUMN_DEFAULTS = {
  id: ['Id', 'id'],
  label: ['Name', 'name', 'dealname', 'full_name'],
  modifiedAt: [
    'LastModifiedDate',
    'hs_lastmodifieddate',
    'lastmodifieddate',
    'updatedAt',
    'updated_at',
    'modified_at',
  ],
} as const;
