import { randomUUID } from 'node:crypto';
import { CONNECTION_LABELS, type CrmProvider, type SelectedTable } from '@revlane/contracts';
import type { Queryable } from '../../../platform/database/queryable.js';
import { crmSelectedTables } from '../connectors/crm-connector.js';
import { hubspotReader } from '../connectors/hubspot-reader.js';
import { intercomReader } from '../connectors/intercom-reader.js';
import { outreachReader } from '../connectors/outreach-reader.js';
import { SALESFORCE_TABLES } from '../connectors/salesforce-connector.js';
import { findSource, insertSource } from '../sources/sources.repository.js';

/** What a CRM's sync loads: every object, incremental on the provider's modified date. */
const CRM_TABLES: Record<CrmProvider, SelectedTable[]> = {
  salesforce: Object.keys(SALESFORCE_TABLES).map((name) => ({
    name,
    cursorColumn: 'LastModifiedDate',
  })),
  hubspot: crmSelectedTables(hubspotReader),
  intercom: crmSelectedTables(intercomReader),
  outreach: crmSelectedTables(outreachReader),
};

/**
 * The source a CRM connection syncs as (its type is the provider's), created on the first
 * connect and kept across reconnects and disconnects, so its raw tables and cursors stay.
 * A sandbox connection's source is named so (docs/architecture.md §6, Connections).
 */
export async function ensureCrmSource(
  db: Queryable,
  orgId: string,
  provider: CrmProvider,
  sourceId: string | null,
  isSandbox: boolean,
  userId: string,
): Promise<string> {
  if (sourceId && (await findSource(db, orgId, sourceId))) return sourceId;
  const source = await insertSource(db, {
    id: randomUUID(),
    orgId,
    type: provider,
    name: `${CONNECTION_LABELS[provider]}${isSandbox ? ' (Sandbox)' : ''}`,
    config: isSandbox ? { sandbox: true } : {},
    selectedTables: CRM_TABLES[provider],
    createdBy: userId,
  });
  return source.id;
}
