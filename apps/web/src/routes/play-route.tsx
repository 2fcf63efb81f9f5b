import { useParams } from 'react-router';
import { canManagePlays, PlayDetailsPage } from '@/features/plays';
import { useProfile } from '@/features/profile';

export default function PlayRoute() {
  const { playId = '' } = useParams();
  const profile = useProfile();
  return <PlayDetailsPage playId={playId} canEdit={canManagePlays(profile.data?.role)} />;
}
