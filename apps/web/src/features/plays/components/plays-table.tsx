import type { Play } from '@revlane/contracts';
import { APP_ROUTES } from '@revlane/contracts';
import { Table, Tag, type TableProps } from 'antd';
import { Link } from 'react-router';
import { describeTrigger } from '../lib/describe-play';
import { ActionIconsList } from './action-icons-list';
import { RunSummary } from './last-run-summary';
import { PlayStatusSwitch } from './play-status-switch';
import { SendWarningTags } from '@/common/ui/send-warnings';

interface PlaysTableProps {
  plays: Play[];
  isLoading: boolean;
  /** The last opened play (local setting "selected play"), marked in its row. */
  selectedPlayId: string | null;
  canEdit: boolean;
}

/** Plays as a table: name, cohort, trigger, actions, status switch, last run. */
export function PlaysTable({ plays, isLoading, selectedPlayId, canEdit }: PlaysTableProps) {
  const columns: TableProps<Play>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      render: (_, play) => (
        <span className="flex items-center gap-2">
          <Link
            to={APP_ROUTES.play(play.id)}
            aria-current={play.id === selectedPlayId ? 'true' : undefined}
          >
            {play.name}
          </Link>
          {play.id === selectedPlayId && <Tag color="blue">Last opened</Tag>}
          <SendWarningTags warnings={play.warnings} />
        </span>
      ),
    },
    { key: 'cohort', title: 'Cohort', render: (_, play) => play.cohortName },
    { key: 'trigger', title: 'Trigger', render: (_, play) => describeTrigger(play.trigger) },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, play) => <ActionIconsList types={play.actions.map((action) => action.type)} />,
    },
    {
      key: 'status',
      title: 'Status',
      render: (_, play) => <PlayStatusSwitch play={play} isDisabled={!canEdit} />,
    },
    { key: 'lastRun', title: 'Last run', render: (_, play) => <RunSummary run={play.lastRun} /> },
  ];
  return (
    <Table<Play>
      aria-label="Plays"
      rowKey="id"
      size="middle"
      loading={isLoading}
      columns={columns}
      dataSource={plays}
      pagination={false}
      rowClassName={(play) => (play.id === selectedPlayId ? 'bg-brand-50' : '')}
      scroll={{ x: 'max-content' }}
    />
  );
}
