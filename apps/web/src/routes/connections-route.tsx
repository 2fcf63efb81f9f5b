import { ConnectionsPage } from '@/features/connections';

export default function ConnectionsRoute() {
  return <ConnectionsPage />;
}
