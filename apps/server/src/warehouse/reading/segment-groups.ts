import {
  aggregateHeader,
  type CellValue,
  type GroupAggregateColumn,
  type SegmentColumn,
  type SegmentGroup,
} from '@revlane/contracts';
import { toSegmentColumn } from '../catalogue/catalogue-column.js';
import type { CompiledGrouping } from '../compiler/compile-grouping.js';
import type { WarehouseRow } from '../engine/warehouse.js';
import { exactAverage } from './exact-average.js';

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Grouping rows (`pivot`, `pivot_identifier`, `count`, `agg_<i>`) → the contract's groups,
 * each aggregate keyed by its column's name. An average is divided here from its exact sum
 * and count (compile-grouping.ts).
 */
export function toSegmentGroups(rows: WarehouseRow[], grouping: CompiledGrouping): SegmentGroup[] {
  return rows.map((row) => {
    const values: Record<string, number | null> = {};
    grouping.aggregates.forEach(({ column, aggregate }, index) => {
      const value = row[`agg_${index}`];
      values[column.name] =
        aggregate === 'avg'
          ? toNumber(exactAverage(value as number | string | null, Number(row[`agg_${index}_n`])))
          : toNumber(value);
    });
    const group: SegmentGroup = {
      pivot: row.pivot as CellValue,
      count: Number(row.count),
      values,
    };
    if (grouping.pivotIdentifier !== null)
      group.pivot_identifier = row.pivot_identifier as CellValue;
    return group;
  });
}

/** The aggregated columns with their headers: what the screen and the export both show. */
export function aggregateColumns(grouping: CompiledGrouping): GroupAggregateColumn[] {
  return grouping.aggregates.map(({ column, aggregate }) => ({
    column: column.name,
    aggregate,
    header: aggregateHeader(column.label, aggregate),
  }));
}

/**
 * The columns a groups page describes: those shown, and the group columns when they are not
 * (grouped from the toolbar by a column not shown), so the screen reads their labels and
 * option labels as the export does.
 */
export function groupsPageColumns(
  shown: readonly SegmentColumn[],
  grouping: CompiledGrouping,
): SegmentColumn[] {
  const missing = grouping.keyColumns.filter(
    (key) => !shown.some((column) => column.name === key.name),
  );
  return [...shown, ...missing.map(toSegmentColumn)];
}
