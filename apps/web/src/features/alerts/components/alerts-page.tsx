import { BellOutlined } from '@ant-design/icons';
import { EmptyState } from '@/common/ui/empty-state';
import { PageHeader } from '@/common/ui/page-header';

/** The alerts (notifications) list; alerts arrive with their own issue. */
export function AlertsPage() {
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Know when new records match a cohort, or when a cohort shrinks."
      />
      <EmptyState icon={<BellOutlined />} title="No alerts yet">
        Create an alert on a cohort of one of your segments. Each time it fires, it shows up here
        with the records involved, and on Slack or by email if you choose.
      </EmptyState>
    </>
  );
}
