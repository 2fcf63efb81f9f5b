import type { DiscoveredTable, MappedEntity } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useApiClient } from '@/common/api';
import { sourceTablesQueryOptions } from '../api/get-source-tables';
import { keepPicksIn, type DroppedPick } from '../lib/keep-picks';
import { ENTITY_FIELDS, type EntityValues } from '../lib/mapping-form';

/** What an entity lost when it moved: shown next to it until it moves again. */
export interface DroppedPicks {
  table: string;
  picks: DroppedPick[];
}

type Moved = { sourceId?: string; table?: string };

/** The fields below a source or a table: their errors described the table they named. */
const fieldsBelow = (entity: MappedEntity, isSourceMoved: boolean) => [
  ...(isSourceMoved ? [[entity, 'table']] : []),
  ...ENTITY_FIELDS[entity].roles.map(({ role }) => [entity, 'columns', role]),
  ...(entity === 'events' ? [] : [[entity, 'attributes']]),
];

/**
 * Moving an entity to another source or table keeps every pick whose column the new table
 * has (picks are column names, ADR 0019) and drops the others, listed in `dropped`. Another
 * source keeps the table of the same name when it has one; else the picks wait for the table
 * the user picks. `onPicksSet` follows each change made after the user's own.
 */
export function useKeepPicks(form: FormInstance, onPicksSet: () => void) {
  const client = useApiClient('composer');
  const queryClient = useQueryClient();
  const [dropped, setDropped] = useState<Partial<Record<MappedEntity, DroppedPicks>>>({});

  const tablesOf = async (sourceId: string): Promise<DiscoveredTable[]> => {
    try {
      return await queryClient.fetchQuery(sourceTablesQueryOptions(client, sourceId));
    } catch {
      return []; // The table field shows why (its own read of the same tables).
    }
  };

  const keepIn = (entity: MappedEntity, table: DiscoveredTable) => {
    const kept = keepPicksIn(entity, form.getFieldValue(entity) as EntityValues | undefined, table);
    form.setFieldValue([entity, 'columns'], kept.columns);
    if (entity !== 'events') form.setFieldValue([entity, 'attributes'], kept.attributes);
    if (kept.dropped.length > 0)
      setDropped((notes) => ({ ...notes, [entity]: { table: table.name, picks: kept.dropped } }));
    onPicksSet();
  };

  /** Call with the part of `onValuesChange` an entity's source or table changed in. */
  const move = async (entity: MappedEntity, moved: Moved) => {
    const isSourceMoved = 'sourceId' in moved;
    const previousTable = form.getFieldValue([entity, 'table']) as string | undefined;
    const sourceId = form.getFieldValue([entity, 'sourceId']) as string | undefined;
    form.setFields(fieldsBelow(entity, isSourceMoved).map((name) => ({ name, errors: [] })));
    setDropped((notes) => ({ ...notes, [entity]: undefined }));
    if (isSourceMoved) form.setFieldValue([entity, 'table'], undefined);
    const tableName = isSourceMoved ? previousTable : moved.table;
    if (!sourceId || !tableName) return;
    const table = (await tablesOf(sourceId)).find((candidate) => candidate.name === tableName);
    // The user may have moved on while the tables were read: their later pick wins.
    const isCurrent =
      form.getFieldValue([entity, 'sourceId']) === sourceId &&
      form.getFieldValue([entity, 'table']) === (isSourceMoved ? undefined : tableName);
    if (!table || !isCurrent) return;
    if (isSourceMoved) form.setFieldValue([entity, 'table'], table.name);
    keepIn(entity, table);
  };

  return { dropped, move };
}
