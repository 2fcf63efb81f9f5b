import { useParams } from 'react-router';
import { AlertDetailsPage } from '@/features/alerts';

export default function NotificationRoute() {
  const { notificationId = '' } = useParams();
  return <AlertDetailsPage notificationId={notificationId} />;
}
