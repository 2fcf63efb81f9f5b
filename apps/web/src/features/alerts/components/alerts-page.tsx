import { BellOutlined, PlusOutlined } from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { PageHeader } from '@/common/ui/page-header';
import { useAlerts } from '../api/get-alerts';
import { AlertFormModal } from './alert-form-modal';
import { AlertsTable } from './alerts-table';
import { InboxList } from './inbox-list';

/**
 * The alerts list (`/app/notifications`): every alert of the organization with its switch and
 * snooze, "New alert", and the user's unread firings.
 */
export function AlertsPage() {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [isFormOpen, setFormOpen] = useState(false);
  const newAlert = (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden="true" />}
      onClick={() => setFormOpen(true)}
    >
      New alert
    </Button>
  );

  return (
    <section>
      <PageHeader
        title="Alerts"
        description="Know when new records match a cohort, or when a cohort shrinks."
        actions={newAlert}
      />
      <InboxList />
      {alerts.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : alerts.isError ? (
        <LoadError title="The alerts could not be loaded." onRetry={() => void alerts.refetch()} />
      ) : alerts.data.items.length === 0 ? (
        <EmptyState icon={<BellOutlined />} title="No alerts yet">
          Create an alert on a cohort of one of your segments. Each time it fires, it shows up here
          with the records involved, and on Slack or by email if you choose.
        </EmptyState>
      ) : (
        <AlertsTable label="Alerts" alerts={alerts.data.items} isLoading={alerts.isFetching} />
      )}
      <AlertFormModal
        open={isFormOpen}
        onClose={() => setFormOpen(false)}
        onSaved={(alert) => void navigate(APP_ROUTES.notification(alert.id))}
      />
    </section>
  );
}
