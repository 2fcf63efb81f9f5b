import { canManagePlays, PlaysPage } from '@/features/plays';
import { useProfile } from '@/features/profile';

export default function PlaysRoute() {
  const profile = useProfile();
  return <PlaysPage canEdit={canManagePlays(profile.data?.role)} />;
}
