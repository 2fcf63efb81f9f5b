import { useParams } from 'react-router';
import { ActivationDetailsPage, canManageActivations } from '@/features/activations';
import { useProfile } from '@/features/profile';

export default function ActivationRoute() {
  const { activationId = '' } = useParams();
  const profile = useProfile();
  return (
    <ActivationDetailsPage
      // Another activation's page starts afresh: no editor or dry run carried over.
      key={activationId}
      activationId={activationId}
      canEdit={canManageActivations(profile.data?.role)}
    />
  );
}
