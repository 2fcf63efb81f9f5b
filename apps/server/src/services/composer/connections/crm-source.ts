import { randomUUID } from 'node:crypto';
import { CONNECTION_LABELS, type CrmProvider, type SelectedTable } from '@revlane/contracts';
import type { Queryable } from '../../../platform/database/queryable.js';
import {
  crmSelectedTables,
  hubspotReader,
  intercomReader,
  outreachReader,
  SALESFORCE_TABLES,
} from '../../../integrations/index.js';
import { findSource, insertSource, updateSource } from '../../../ingestion/index.js';

/**
 * What a CRM's sync loads: every object, incremental on the provider's modified date and
 * merged on the record's id.
 */
const CRM_TABLES: Record<CrmProvider, SelectedTable[]> = {
  salesforce: Object.keys(SALESFORCE_TABLES).map((name) => ({
    name,
    cursorColumn: 'LastModifiedDate',
    primaryKey: 'Id',
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
  if (sourceId && (await withCurrentCrmTables(db, orgId, provider, sourceId))) return sourceId;
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

/**
 * Adds the objects a CRM's sync has learnt since the source was created (Salesforce's Lead
 * came later) and the ids its tables merge on (learnt later too), so a connection made
 * before gets them on its next sync or reconnect; the tables it had keep their other
 * settings and their cursors. False when the source is gone.
 */
export async function withCurrentCrmTables(
  db: Queryable,
  orgId: string,
  provider: CrmProvider,
  sourceId: string,
): Promise<boolean> {
  const source = await findSource(db, orgId, sourceId);
  if (!source) return false;
  const current = new Map(CRM_TABLES[provider].map((table) => [table.name, table]));
  const had = new Set(source.selectedTables.map((table) => table.name));
  const missing = CRM_TABLES[provider].filter((table) => !had.has(table.name));
  const keyed = source.selectedTables.map((table) => {
    const primaryKey = current.get(table.name)?.primaryKey;
    return primaryKey && !table.primaryKey ? { ...table, primaryKey } : table;
  });
  const learntKeys = keyed.some((table, index) => table !== source.selectedTables[index]);
  if (missing.length > 0 || learntKeys)
    await updateSource(db, orgId, sourceId, { selectedTables: [...keyed, ...missing] });
  return true;
}
