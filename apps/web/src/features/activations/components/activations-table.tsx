import { APP_ROUTES, type Activation } from '@revlane/contracts';
import { Table, type TableProps } from 'antd';
import { Link } from 'react-router';
import { describeDestination, describeNextRun, MODE_LABELS } from '../lib/describe-activation';
import { RunSummary } from './run-summary';

const columns: TableProps<Activation>['columns'] = [
  {
    key: 'name',
    title: 'Name',
    render: (_, activation) => (
      <Link to={APP_ROUTES.activation(activation.id)}>{activation.name}</Link>
    ),
  },
  { key: 'cohort', title: 'Cohort', render: (_, activation) => activation.cohortName },
  {
    key: 'destination',
    title: 'Destination',
    render: (_, activation) => describeDestination(activation.destination),
  },
  { key: 'mode', title: 'Mode', render: (_, activation) => MODE_LABELS[activation.mode] },
  {
    key: 'lastRun',
    title: 'Last run',
    render: (_, activation) => <RunSummary run={activation.lastRun} />,
  },
  { key: 'nextRun', title: 'Next run', render: (_, activation) => describeNextRun(activation) },
];

/** Activations as a table: where each one sends what, and how its last run went. */
export function ActivationsTable({
  activations,
  isLoading,
}: {
  activations: Activation[];
  isLoading: boolean;
}) {
  return (
    <Table<Activation>
      aria-label="Activations"
      rowKey="id"
      size="middle"
      loading={isLoading}
      columns={columns}
      dataSource={activations}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
