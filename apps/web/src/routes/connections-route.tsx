import { canManageOrganization } from '@/common/auth';
import { ConnectionsPage } from '@/features/connections';
import { useProfile } from '@/features/profile';

export default function ConnectionsRoute() {
  const profile = useProfile();
  return <ConnectionsPage canEdit={canManageOrganization(profile.data?.role)} />;
}
