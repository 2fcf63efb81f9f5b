import {
  GROUP_COUNT_HEADER,
  type CellValue,
  type GroupAggregateColumn,
  type SegmentGroup,
  type SegmentGroupsPage,
} from '@revlane/contracts';
import { Button, Table, type TableColumnsType } from 'antd';
import { columnLabel, formatColumnValue, formatNumber, formatPlain } from '../../lib/format-value';
import type { TablePaging } from './segment-table';

interface SegmentGroupsTableProps {
  page: SegmentGroupsPage;
  paging: TablePaging;
  isFetching: boolean;
  /** Opens the records of a group (docs/product.md §5.3). */
  onOpenGroup: (group: SegmentGroup) => void;
}

const groupKey = (group: SegmentGroup) =>
  `${String(group.pivot)}\u0000${String(group.pivot_identifier ?? '')}`;

/**
 * Grouped view: one row per group with its record count and each numeric column's aggregate,
 * under the headers the export repeats (the server names them). A click on a row, or Enter
 * on its group's name, opens the group's records.
 */
export function SegmentGroupsTable({
  page,
  paging,
  isFetching,
  onOpenGroup,
}: SegmentGroupsTableProps) {
  const columnOf = (name: string | null) => page.columns.find((column) => column.name === name);
  // Options by their labels, money in its currency (ADR 0013); a blank group says so.
  const formatGroupKey = (name: string | null, value: CellValue | undefined) =>
    value == null || value === '' ? formatPlain(value) : formatColumnValue(columnOf(name), value);
  const keys = [page.pivot, page.pivotIdentifier].filter((name) => name !== null);
  const keyValues = (group: SegmentGroup) => [group.pivot, group.pivot_identifier];
  const describeGroup = (group: SegmentGroup) =>
    keys
      .map(
        (name, index) =>
          `${columnLabel(page.columns, name)} ${formatGroupKey(name, keyValues(group)[index])}`,
      )
      .join(', ');
  // A count is a number of records whatever the column holds; the rest read like the column.
  const formatAggregate = ({ column, aggregate }: GroupAggregateColumn, value: number) =>
    aggregate === 'count' ? formatNumber(value) : formatColumnValue(columnOf(column), value);

  const columns: TableColumnsType<SegmentGroup> = [
    ...keys.map((name, index) => ({
      key: index === 0 ? 'pivot' : 'pivot_identifier',
      title: columnLabel(page.columns, name),
      render: (_: unknown, group: SegmentGroup) => {
        const text = formatGroupKey(name, keyValues(group)[index]);
        if (index > 0) return text;
        return (
          <Button
            type="link"
            className="h-auto p-0"
            aria-label={`Open the records of ${describeGroup(group)}`}
            onClick={(event) => {
              // The row opens it too: once is enough.
              event.stopPropagation();
              onOpenGroup(group);
            }}
          >
            {text}
          </Button>
        );
      },
    })),
    {
      key: 'count',
      title: GROUP_COUNT_HEADER,
      align: 'right',
      render: (_, group) => <span className="tabular-nums">{formatNumber(group.count)}</span>,
    },
    ...page.aggregates.map((aggregate) => ({
      key: `aggregate:${aggregate.column}`,
      title: aggregate.header,
      align: 'right' as const,
      render: (_: unknown, group: SegmentGroup) => {
        const value = group.values[aggregate.column];
        const text = value == null ? '—' : formatAggregate(aggregate, value);
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
      onRow={(group) => ({ onClick: () => onOpenGroup(group), className: 'cursor-pointer' })}
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
