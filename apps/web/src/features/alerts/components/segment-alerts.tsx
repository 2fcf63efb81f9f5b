import { BellOutlined, PlusOutlined } from '@ant-design/icons';
import type { Notification } from '@revlane/contracts';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { getErrorText } from '@/common/api';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { useSegmentAlerts } from '../api/get-alerts';
import { useDeleteAlert } from '../api/save-alert';
import { AlertFormModal } from './alert-form-modal';
import { AlertsTable } from './alerts-table';

type Editing = { kind: 'new' } | { kind: 'edit'; alert: Notification } | null;

/** Segment settings → notifications: this segment's alerts, with add, edit and remove. */
export function SegmentAlerts({ segmentId }: { segmentId: string }) {
  const alerts = useSegmentAlerts(segmentId);
  const remove = useDeleteAlert();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Notification | null>(null);
  const add = (
    <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ kind: 'new' })}>
      New alert
    </Button>
  );

  let body;
  if (alerts.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (alerts.isError)
    body = (
      <LoadError
        title="This segment's alerts could not be loaded."
        onRetry={() => void alerts.refetch()}
      />
    );
  else if (alerts.data.items.length === 0)
    body = (
      <EmptyState icon={<BellOutlined />} title="No alerts for this segment yet" action={add}>
        An alert watches a cohort of this segment and tells you in the app, on Slack or by email
        when records enter it or when it shrinks.
      </EmptyState>
    );
  else
    body = (
      <>
        <div className="mb-4 flex justify-end">{add}</div>
        <AlertsTable
          label="Alerts of this segment"
          alerts={alerts.data.items}
          isLoading={alerts.isFetching}
          showSegment={false}
          actions={(alert) => (
            <div className="flex gap-2">
              <Button
                size="small"
                onClick={() => setEditing({ kind: 'edit', alert })}
                aria-label={`Edit ${alert.name}`}
              >
                Edit
              </Button>
              <Button
                size="small"
                danger
                onClick={() => setRemoving(alert)}
                aria-label={`Remove ${alert.name}`}
              >
                Remove
              </Button>
            </div>
          )}
        />
      </>
    );

  return (
    <>
      {body}
      <AlertFormModal
        open={editing !== null}
        alert={editing?.kind === 'edit' ? editing.alert : undefined}
        preset={{ segmentId }}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the alert "${removing?.name ?? ''}"?`}
        confirmText="Remove"
        isDanger
        isLoading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing ? remove.mutate(removing.id, { onSuccess: () => setRemoving(null) }) : undefined
        }
      >
        {remove.error
          ? getErrorText(remove.error.body)
          : 'Its firings and their delivery history go with it.'}
      </ConfirmDialog>
    </>
  );
}
