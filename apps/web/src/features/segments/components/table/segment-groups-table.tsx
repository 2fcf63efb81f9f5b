import type { CellValue, SegmentGroup, SegmentGroupsPage } from '@revlane/contracts';
import { Table, type TableColumnsType } from 'antd';
import { columnLabel, formatColumnValue, formatNumber, formatPlain } from '../../lib/format-value';
import type { TablePaging } from './segment-table';

interface SegmentGroupsTableProps {
  page: SegmentGroupsPage;
  paging: TablePaging;
  isFetching: boolean;
}

const groupKey = (group: SegmentGroup) =>
  `${String(group.pivot)}\u0000${String(group.pivot_identifier ?? '')}`;

/** Grouped view: one row per group with its record count and the sums of numeric columns. */
export function SegmentGroupsTable({ page, paging, isFetching }: SegmentGroupsTableProps) {
  const sumColumns = [...new Set(page.groups.flatMap((group) => Object.keys(group.sums)))];
  const columnOf = (name: string | null) => page.columns.find((column) => column.name === name);
  // Options by their labels, money in its currency (ADR 0013); a blank group says so.
  const formatGroupKey = (name: string | null, value: CellValue | undefined) =>
    value == null || value === '' ? formatPlain(value) : formatColumnValue(columnOf(name), value);
  const columns: TableColumnsType<SegmentGroup> = [
    {
      key: 'pivot',
      title: columnLabel(page.columns, page.pivot),
      render: (_, group) => formatGroupKey(page.pivot, group.pivot),
    },
    ...(page.pivotIdentifier
      ? [
          {
            key: 'pivot_identifier',
            title: columnLabel(page.columns, page.pivotIdentifier),
            render: (_: unknown, group: SegmentGroup) =>
              formatGroupKey(page.pivotIdentifier, group.pivot_identifier),
          },
        ]
      : []),
    {
      key: 'count',
      title: 'Records',
      align: 'right',
      render: (_, group) => <span className="tabular-nums">{formatNumber(group.count)}</span>,
    },
    ...sumColumns.map((name) => ({
      key: `sum:${name}`,
      title: `Sum of ${columnLabel(page.columns, name)}`,
      align: 'right' as const,
      render: (_: unknown, group: SegmentGroup) => {
        const sum = group.sums[name];
        const text = sum == null ? '—' : formatColumnValue(columnOf(name), sum);
        return <span className="tabular-nums">{text}</span>;
      },
    })),
  ];
  return (
    <Table<SegmentGroup>
      size="middle"
      rowKey={groupKey}
      columns={columns}
      dataSource={page.groups}
      loading={isFetching}
      sticky
      pagination={{
        current: paging.page,
        pageSize: paging.perPage,
        total: paging.total,
        showTotal: (total) => `${formatNumber(total)} groups`,
        onChange: paging.onChange,
      }}
    />
  );
}
