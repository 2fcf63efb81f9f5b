import { EditOutlined } from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Button, Descriptions, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toApiError } from '@/common/api';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { PageHeader } from '@/common/ui/page-header';
import { useAlert } from '../api/get-alert';
import { useInbox, useMarkRead } from '../api/get-inbox';
import { useDeleteAlert } from '../api/save-alert';
import { describeChannels, describeThreshold, TYPE_LABELS } from '../lib/describe-alert';
import { EnabledSwitch, SnoozeMenu } from './alert-controls';
import { AlertFormModal } from './alert-form-modal';
import { FiringsList } from './firings-list';
import { SendWarningsAlert } from '@/common/ui/send-warnings';

/** One alert (`/app/notifications/{id}`): its definition, editable, and its firings. */
export function AlertDetailsPage({ notificationId }: { notificationId: string }) {
  const alert = useAlert(notificationId);
  const navigate = useNavigate();
  const [isEditing, setEditing] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const remove = useDeleteAlert();
  useMarkOwnFiringsRead(notificationId);

  if (alert.isPending || alert.isError) {
    const isMissing = alert.isError && toApiError(alert.error).status === 404;
    return (
      <section>
        <PageHeader
          title="Alert details"
          description={<Link to={APP_ROUTES.notifications}>All alerts</Link>}
        />
        {alert.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : isMissing ? (
          <EmptyState title="Alert not found">It may have been deleted.</EmptyState>
        ) : (
          <LoadError title="This alert could not be loaded." onRetry={() => void alert.refetch()} />
        )}
      </section>
    );
  }
  const data = alert.data;
  return (
    <section>
      <PageHeader
        title={data.name}
        description={<Link to={APP_ROUTES.notifications}>All alerts</Link>}
        actions={
          <>
            <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button danger onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        }
      />
      <SendWarningsAlert warnings={data.warnings} manyTitle="Some channels cannot send now" />
      <Descriptions
        bordered
        size="small"
        column={1}
        className="mb-8"
        items={[
          {
            key: 'cohort',
            label: 'Cohort',
            children: (
              <Link to={APP_ROUTES.cohort(data.segmentId, data.cohortId)}>
                {`${data.segmentName} › ${data.cohortName}`}
              </Link>
            ),
          },
          {
            key: 'type',
            label: 'Type',
            children:
              data.type === 'less'
                ? `${TYPE_LABELS.less}: ${describeThreshold(data.threshold)}`
                : TYPE_LABELS.new,
          },
          {
            key: 'channels',
            label: 'Channels',
            children: describeChannels(data.channels) || 'None',
          },
          {
            key: 'last',
            label: 'Last fired',
            children: data.lastFiredAt ? formatTimestamp(data.lastFiredAt) : 'Never',
          },
          { key: 'enabled', label: 'Enabled', children: <EnabledSwitch alert={data} /> },
          { key: 'snooze', label: 'Snooze', children: <SnoozeMenu alert={data} /> },
        ]}
      />
      <FiringsList alert={data} />
      <AlertFormModal open={isEditing} alert={data} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={isDeleting}
        title={`Delete the alert "${data.name}"?`}
        confirmText="Delete"
        isDanger
        isLoading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(data.id, { onSuccess: () => void navigate(APP_ROUTES.notifications) })
        }
      >
        Its firings and their delivery history go with it.
      </ConfirmDialog>
    </section>
  );
}

/** Seeing an alert's page reads its firings: they leave the inbox's unread count. */
function useMarkOwnFiringsRead(notificationId: string) {
  const inbox = useInbox();
  const { mutate } = useMarkRead();
  const unread = (inbox.data?.items ?? [])
    .filter((item) => !item.read && item.notificationId === notificationId)
    .map((item) => item.firingId);
  const key = unread.join(',');
  // A firing that arrives (the inbox polls) while a request is in flight is not lost: that
  // request's answer refreshes the inbox, and the key then holds only the new firing.
  useEffect(() => {
    if (key) void mutate({ firingIds: key.split(',') });
  }, [key, mutate]);
}
