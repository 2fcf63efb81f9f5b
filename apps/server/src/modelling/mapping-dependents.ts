import type { MappingBody } from '@revlane/contracts';
import type { Database } from '../platform/database/database.js';
import type { SourceDependent } from '../platform/events/events-plugin.js';
import { findDraft, listVersions } from './mapping.repository.js';

/** The entities the mapping builds from the source (none: it does not read it). */
const tablesFrom = (mapping: MappingBody, sourceId: string) =>
  (['accounts', 'users', 'events'] as const).filter(
    (entity) => mapping[entity]?.sourceId === sourceId,
  );

/**
 * The mapping that reads a source's tables (ADR 0006, ADR 0019): the published version,
 * which every later sync re-applies, and the draft, which the next publish would apply, each
 * with the entities it builds from the source. The published one's `tables` lead the sources
 * module to what reads those entities (the `tables` registry: cohorts, alerts, plays).
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
  const tables = published ? tablesFrom(published.mapping, sourceId) : [];
  if (published && tables.length > 0) {
    found.push({
      kind: 'mapping',
      id: `v${published.version}`,
      name: `Published mapping (version ${published.version}): ${tables.join(', ')}`,
      tables,
    });
  }
  const drafted = draft ? tablesFrom(draft.mapping, sourceId) : [];
  if (drafted.length > 0) {
    found.push({ kind: 'mapping', id: 'draft', name: `Mapping draft: ${drafted.join(', ')}` });
  }
  return found;
}
