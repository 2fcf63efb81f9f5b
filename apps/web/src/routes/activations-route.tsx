import { ActivationsPage, canManageActivations } from '@/features/activations';
import { useProfile } from '@/features/profile';

export default function ActivationsRoute() {
  const profile = useProfile();
  return <ActivationsPage canEdit={canManageActivations(profile.data?.role)} />;
}
