import { useMemo } from 'react';
import { useSourceTables } from '../../api/get-source-tables';
import { useTablePreview } from '../../api/get-table-preview';
import { sampleValuesByColumn } from '../../lib/sample-values';
import { columnChoicesOf } from './column-select';

/**
 * The tables of a source and the columns of the picked one, each with its type and a few
 * values of the table's preview (ADR 0019): what the primary and every joined table pick from.
 */
export function useTableColumns(sourceId: string | undefined, table: string | undefined) {
  const tables = useSourceTables(sourceId ?? '', sourceId !== undefined);
  const preview = useTablePreview(sourceId ?? '', table && sourceId ? table : null);
  const choices = useMemo(
    () =>
      columnChoicesOf(
        tables.data?.find((candidate) => candidate.name === table),
        sampleValuesByColumn(preview.data?.rows ?? []),
      ),
    [tables.data, table, preview.data],
  );
  return { tables, choices, isLoadingColumns: preview.isFetching };
}
