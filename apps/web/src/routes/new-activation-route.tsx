import { canManageActivations, NewActivationPage } from '@/features/activations';
import { useProfile } from '@/features/profile';

export default function NewActivationRoute() {
  const profile = useProfile();
  return <NewActivationPage canEdit={canManageActivations(profile.data?.role)} />;
}
