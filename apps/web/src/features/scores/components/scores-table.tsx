import { APP_ROUTES, type Score } from '@revlane/contracts';
import { Table, type TableProps } from 'antd';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { BASE_TABLE_LABELS, describeGrades, describeRules } from '../lib/describe-score';

const columns: TableProps<Score>['columns'] = [
  {
    key: 'name',
    title: 'Name',
    render: (_, score) => <Link to={APP_ROUTES.score(score.id)}>{score.name}</Link>,
  },
  {
    key: 'baseTable',
    title: 'Base table',
    render: (_, score) => BASE_TABLE_LABELS[score.baseTable],
  },
  { key: 'rules', title: 'Rules', render: (_, score) => describeRules(score) },
  { key: 'grades', title: 'Grades', render: (_, score) => describeGrades(score.grades) },
  { key: 'updated', title: 'Updated', render: (_, score) => formatTimestamp(score.updatedAt) },
];

/** Scores as a table: whose records each one scores, with how many rules, into which grades. */
export function ScoresTable({ scores, isLoading }: { scores: Score[]; isLoading: boolean }) {
  return (
    <Table<Score>
      aria-label="Scores"
      rowKey="id"
      size="middle"
      loading={isLoading}
      columns={columns}
      dataSource={scores}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
