import type { CellValue, SegmentGroup } from '@revlane/contracts';
import type { CompiledGrouping } from '../compiler/compile-grouping.js';
import type { WarehouseRow } from '../engine/warehouse.js';

/** Grouping rows (`pivot`, `pivot_identifier`, `count`, `sum_<i>`) → the contract's groups. */
export function toSegmentGroups(rows: WarehouseRow[], grouping: CompiledGrouping): SegmentGroup[] {
  return rows.map((row) => {
    const sums: Record<string, number | null> = {};
    grouping.sumColumns.forEach((name, index) => {
      const value = row[`sum_${index}`];
      sums[name] = value === null || value === undefined ? null : Number(value);
    });
    const group: SegmentGroup = {
      pivot: row.pivot as CellValue,
      count: Number(row.count),
      sums,
    };
    if (grouping.pivotIdentifier !== null)
      group.pivot_identifier = row.pivot_identifier as CellValue;
    return group;
  });
}
