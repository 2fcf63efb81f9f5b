import type { Notification } from '@revlane/contracts';
import { APP_ROUTES } from '@revlane/contracts';
import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { describeChannels, describeThreshold, TYPE_LABELS } from '../lib/describe-alert';
import { EnabledSwitch, SnoozeMenu } from './alert-controls';
import { SendWarningTags } from '@/common/ui/send-warnings';

interface AlertsTableProps {
  alerts: Notification[];
  isLoading: boolean;
  /** The segment column is left out where the page is one segment's. */
  showSegment?: boolean;
  /** Extra actions per row (the segment tab's Edit and Remove). */
  actions?: (alert: Notification) => ReactNode;
  label: string;
}

/** Alerts as a table: name, segment, cohort, type, channels, last fired, enabled, snooze. */
export function AlertsTable({
  alerts,
  isLoading,
  showSegment = true,
  actions,
  label,
}: AlertsTableProps) {
  const columns: TableProps<Notification>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      render: (_, alert) => (
        <span className="flex items-center gap-2">
          <Link to={APP_ROUTES.notification(alert.id)}>{alert.name}</Link>
          <SendWarningTags warnings={alert.warnings} />
        </span>
      ),
    },
    ...(showSegment
      ? [
          {
            key: 'segment',
            title: 'Segment',
            render: (_: unknown, alert: Notification) => alert.segmentName,
          },
        ]
      : []),
    { key: 'cohort', title: 'Cohort', render: (_, alert) => alert.cohortName },
    {
      key: 'type',
      title: 'Type',
      render: (_, alert) =>
        alert.type === 'less'
          ? `${TYPE_LABELS.less} (${describeThreshold(alert.threshold)})`
          : TYPE_LABELS.new,
    },
    { key: 'channels', title: 'Channels', render: (_, alert) => describeChannels(alert.channels) },
    {
      key: 'lastFired',
      title: 'Last fired',
      render: (_, alert) => (alert.lastFiredAt ? formatTimestamp(alert.lastFiredAt) : 'Never'),
    },
    { key: 'enabled', title: 'Enabled', render: (_, alert) => <EnabledSwitch alert={alert} /> },
    { key: 'snooze', title: 'Snooze', render: (_, alert) => <SnoozeMenu alert={alert} /> },
    ...(actions
      ? [
          {
            key: 'actions',
            title: 'Actions',
            render: (_: unknown, alert: Notification) => actions(alert),
          },
        ]
      : []),
  ];
  return (
    <Table<Notification>
      aria-label={label}
      rowKey="id"
      size="middle"
      loading={isLoading}
      columns={columns}
      dataSource={alerts}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
