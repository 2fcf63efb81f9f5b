import { useProfile } from '@/features/profile';
import { canManageScores, ScoresPage } from '@/features/scores';

export default function ScoresRoute() {
  const profile = useProfile();
  return <ScoresPage canEdit={canManageScores(profile.data?.role)} />;
}
