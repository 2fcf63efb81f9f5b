import type { DataType, SegmentColumn, SegmentRow, SortInfo } from '@revlane/contracts';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { formatRange } from '../../lib/format-value';
import { SegmentCell } from './segment-cell';

const WIDTH_BY_TYPE: Partial<Record<DataType, number>> = {
  email: 240,
  link: 220,
  timestamp: 230,
  boolean: 100,
  numeric: 140,
  timeseries: 140,
};

export interface TablePaging {
  page: number;
  perPage: number;
  total: number;
  onChange: (page: number, perPage: number) => void;
}

interface SegmentTableProps {
  columns: SegmentColumn[];
  rows: SegmentRow[];
  sort: SortInfo | undefined;
  onSortChange: (sort: SortInfo | undefined) => void;
  paging: TablePaging;
  isFetching: boolean;
}

function toColumns(columns: SegmentColumn[], sort: SortInfo | undefined) {
  return columns.map((column) => ({
    key: column.name,
    dataIndex: column.name,
    title: column.label,
    width: WIDTH_BY_TYPE[column.dataType] ?? 180,
    align: column.dataType === 'numeric' ? 'right' : 'left',
    ellipsis: column.dataType !== 'timeseries',
    sorter: column.dataType !== 'timeseries',
    sortOrder: sort?.field === column.name ? (sort.isDescending ? 'descend' : 'ascend') : null,
    render: (_: unknown, row: SegmentRow) => (
      <SegmentCell column={column} value={row[column.name]} />
    ),
  })) satisfies TableColumnsType<SegmentRow>;
}

/** The segment's records: virtual rows, a sticky header, sort by header, paging with total. */
export function SegmentTable({
  columns,
  rows,
  sort,
  onSortChange,
  paging,
  isFetching,
}: SegmentTableProps) {
  const tableColumns = toColumns(columns, sort);
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
      virtual
      sticky
      size="middle"
      rowKey={(row) => String(row.id)}
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
