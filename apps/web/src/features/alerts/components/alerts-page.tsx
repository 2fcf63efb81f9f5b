import { BellOutlined } from '@ant-design/icons';
import { EmptyPage } from '@/common/ui/empty-page';

/** The alerts (notifications) list; alerts arrive with their own issue. */
export function AlertsPage() {
  return (
    <EmptyPage
      title="Alerts"
      description="Know when new records match a cohort, or when a cohort shrinks."
      icon={<BellOutlined />}
      emptyTitle="No alerts yet"
    >
      Create an alert on a cohort of one of your segments. Each time it fires, it shows up here with
      the records involved, and on Slack or by email if you choose.
    </EmptyPage>
  );
}
