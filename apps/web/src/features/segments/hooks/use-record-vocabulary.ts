import type { CellValue, FilterItem } from '@revlane/contracts';
import { useMemo } from 'react';
import { useColumnCatalogue } from '../api/get-column-catalogue';
import { describeFilterItem } from '../lib/filter-text';
import { columnLabel, formatPlain } from '../lib/format-value';

/** How a segment's records and filters read in words, for pages outside the table. */
export interface RecordVocabulary {
  describeFilter: (filter: FilterItem) => string;
  columnLabel: (name: string) => string;
  formatValue: (value: CellValue | undefined) => string;
}

/** The vocabulary of a base table: column labels come from its catalogue once it loads. */
export function useRecordVocabulary(baseTable: string | undefined): RecordVocabulary {
  const catalogue = useColumnCatalogue(baseTable).data;
  return useMemo(() => {
    const columns = catalogue ?? [];
    return {
      describeFilter: (filter) => describeFilterItem(filter, columns),
      columnLabel: (name) => columnLabel(columns, name),
      formatValue: formatPlain,
    };
  }, [catalogue]);
}
