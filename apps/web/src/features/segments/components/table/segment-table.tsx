import type { BaseTable, SegmentColumn, SegmentRow, SortInfo } from '@revlane/contracts';
import { Table, type TableColumnsType, type TableProps, type TableRef } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useRef } from 'react';
import { useHeaderScrollSync } from '../../hooks/use-header-scroll-sync';
import { formatRange } from '../../lib/format-value';
import { columnWidth, leadWithName, NAME_COLUMN } from '../../lib/table-layout';
import { HeaderCell, headerHint } from './header-cell';
import { RecordNameCell } from './record-name-cell';
import { SegmentCell } from './segment-cell';

export interface TablePaging {
  page: number;
  perPage: number;
  total: number;
  onChange: (page: number, perPage: number) => void;
}

interface SegmentTableProps {
  /** Whose records these are: a name links to the account's or the user's page. */
  baseTable: BaseTable;
  columns: SegmentColumn[];
  rows: SegmentRow[];
  sort: SortInfo | undefined;
  onSortChange: (sort: SortInfo | undefined) => void;
  paging: TablePaging;
  isFetching: boolean;
}

function toColumns(baseTable: BaseTable, columns: SegmentColumn[], sort: SortInfo | undefined) {
  return leadWithName(columns).map((column, index) => ({
    key: column.name,
    dataIndex: column.name,
    title: column.label,
    width: columnWidth(column),
    // The record's name stays in view while the table scrolls sideways (docs/product.md §2).
    fixed: index === 0 ? ('start' as const) : undefined,
    align: column.dataType === 'numeric' ? 'right' : 'left',
    // Headers and values on one line, cut with an ellipsis; the header's tooltip has it all.
    ellipsis: true,
    onHeaderCell: () => headerHint({ label: column.label, description: column.description }),
    sorter: column.dataType !== 'timeseries',
    sortOrder: sort?.field === column.name ? (sort.isDescending ? 'descend' : 'ascend') : null,
    render: (_: unknown, row: SegmentRow) =>
      column.name === NAME_COLUMN ? (
        <RecordNameCell baseTable={baseTable} column={column} row={row} />
      ) : (
        <SegmentCell column={column} value={row[column.name]} />
      ),
  })) satisfies TableColumnsType<SegmentRow>;
}

const TABLE_COMPONENTS: TableProps<SegmentRow>['components'] = { header: { cell: HeaderCell } };

/**
 * The segment's records: virtual rows, a sticky header and name column, sideways scrolling
 * inside the page, sort by header, paging with total.
 */
export function SegmentTable({
  baseTable,
  columns,
  rows,
  sort,
  onSortChange,
  paging,
  isFetching,
}: SegmentTableProps) {
  const table = useRef<TableRef>(null);
  useHeaderScrollSync(table);
  const tableColumns = toColumns(baseTable, columns, sort);
  const width = tableColumns.reduce((sum, column) => sum + column.width, 0);
  const handleChange: TableProps<SegmentRow>['onChange'] = (
    _pagination,
    _filters,
    sorter,
    extra,
  ) => {
    if (extra.action !== 'sort') return;
    const { columnKey, order } = sorter as SorterResult<SegmentRow>;
    onSortChange(
      order && typeof columnKey === 'string'
        ? { field: columnKey, isDescending: order === 'descend' }
        : undefined,
    );
  };
  return (
    <Table<SegmentRow>
      ref={table}
      virtual
      sticky
      size="middle"
      rowKey={(row) => String(row.id)}
      components={TABLE_COMPONENTS}
      columns={tableColumns}
      dataSource={rows}
      loading={isFetching}
      scroll={{ x: width, y: 560 }}
      showSorterTooltip={false}
      sortDirections={['ascend', 'descend']}
      onChange={handleChange}
      pagination={{
        current: paging.page,
        pageSize: paging.perPage,
        total: paging.total,
        showSizeChanger: true,
        pageSizeOptions: [25, 50, 100, 200],
        showTotal: (total, [from, to]) => formatRange(from, to, total),
        onChange: paging.onChange,
      }}
    />
  );
}
