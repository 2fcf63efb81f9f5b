import { AlertsPage } from '@/features/alerts';

export default function NotificationsRoute() {
  return <AlertsPage />;
}
