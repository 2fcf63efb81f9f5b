import type { MappingBody } from '@revlane/contracts';
import type { Database } from '../platform/database/database.js';
import type { SourceDependent } from '../platform/events/events-plugin.js';
import { findDraft, listVersions } from './mapping.repository.js';

const readsSource = (mapping: MappingBody, sourceId: string) =>
  [mapping.accounts, mapping.users, mapping.events].some((part) => part?.sourceId === sourceId);

/**
 * The mapping that reads a source's tables (ADR 0006, ADR 0019): the published version,
 * which every later sync re-applies, and the draft, which the next publish would apply.
 * Deleting the source would break either, and with it the segments, alerts and plays on top.
 */
export async function findMappingsOfSource(
  db: Database,
  orgId: string,
  sourceId: string,
): Promise<SourceDependent[]> {
  const [[published], draft] = await Promise.all([
    listVersions(db, orgId, 1),
    findDraft(db, orgId),
  ]);
  const found: SourceDependent[] = [];
  if (published && readsSource(published.mapping, sourceId)) {
    found.push({
      kind: 'mapping',
      id: `v${published.version}`,
      name: `Published mapping (version ${published.version})`,
    });
  }
  if (draft && readsSource(draft.mapping, sourceId)) {
    found.push({ kind: 'mapping', id: 'draft', name: 'Mapping draft' });
  }
  return found;
}
