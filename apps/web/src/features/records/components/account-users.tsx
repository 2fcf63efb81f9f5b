import {
  APP_ROUTES,
  type CellValue,
  type SegmentColumn,
  type SegmentRow,
} from '@revlane/contracts';
import { Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { SectionCard } from '@/common/ui/section-card';
import { formatCount } from '../lib/format-count';
import type { ValueCellComponent } from '../lib/record-display';
import { recordTitle, textOf } from '../lib/record-text';
import { EmptyNote } from './empty-note';

const PAGE_SIZE = 25;

/** The users' columns shown, by their names in the users' catalogue (docs/architecture.md §5.2). */
const USER_COLUMNS: SegmentColumn[] = [
  { name: 'email', label: 'Email', dataType: 'email', description: '', computed: false },
  { name: 'title', label: 'Title', dataType: 'string', description: '', computed: false },
  {
    name: 'last_seen_at',
    label: 'Last seen',
    dataType: 'timestamp',
    description: '',
    computed: true,
  },
  {
    name: 'events_30d',
    label: 'Events (30 days)',
    dataType: 'numeric',
    description: '',
    computed: true,
  },
  {
    name: 'active_days_30d',
    label: 'Active days (30 days)',
    dataType: 'numeric',
    description: '',
    computed: true,
  },
];

/** Orders two cells of a column: numbers by value, instants by time, text alphabetically; blanks first. */
function compareCells(a: CellValue | undefined, b: CellValue | undefined, column: SegmentColumn) {
  const left = textOf(a);
  const right = textOf(b);
  if (left === undefined || right === undefined) {
    return (left === undefined ? 0 : 1) - (right === undefined ? 0 : 1);
  }
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (column.dataType === 'timestamp') return Date.parse(left) - Date.parse(right);
  return left.localeCompare(right, 'en', { sensitivity: 'base' });
}

function toColumns(ValueCell: ValueCellComponent): TableColumnsType<SegmentRow> {
  return [
    {
      key: 'name',
      title: 'Name',
      sorter: (a, b) => recordTitle(a).localeCompare(recordTitle(b), 'en', { sensitivity: 'base' }),
      render: (_, row) => {
        const id = textOf(row.id);
        return id ? <Link to={APP_ROUTES.user(id)}>{recordTitle(row)}</Link> : recordTitle(row);
      },
    },
    ...USER_COLUMNS.map((column) => ({
      key: column.name,
      title: column.label,
      align: column.dataType === 'numeric' ? ('right' as const) : ('left' as const),
      sorter: (a: SegmentRow, b: SegmentRow) =>
        compareCells(a[column.name], b[column.name], column),
      // The server sends the most recently seen first: the header says so.
      defaultSortOrder: column.name === 'last_seen_at' ? ('descend' as const) : undefined,
      render: (_: unknown, row: SegmentRow) => (
        <ValueCell column={column} value={row[column.name]} />
      ),
    })),
  ];
}

interface AccountUsersProps {
  users: SegmentRow[];
  /** All the account's users; the page lists at most `USERS_ON_ACCOUNT_PAGE` of them. */
  total: number;
  ValueCell: ValueCellComponent;
}

/** An account's users, sortable by any column, each linking to the user's page. */
export function AccountUsers({ users, total, ValueCell }: AccountUsersProps) {
  const isCapped = total > users.length;
  return (
    <SectionCard
      title="Users"
      description={
        isCapped
          ? `Showing ${formatCount(users.length)} of ${formatCount(total)}, the most recently seen.`
          : undefined
      }
    >
      {users.length === 0 ? (
        <EmptyNote>No users yet</EmptyNote>
      ) : (
        <Table<SegmentRow>
          aria-label="Users"
          size="small"
          rowKey={(row) => String(row.id)}
          columns={toColumns(ValueCell)}
          dataSource={users}
          showSorterTooltip={false}
          sortDirections={['ascend', 'descend']}
          pagination={
            users.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false
          }
          scroll={{ x: 'max-content' }}
        />
      )}
    </SectionCard>
  );
}
