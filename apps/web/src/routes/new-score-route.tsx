import { useProfile } from '@/features/profile';
import { canManageScores, NewScorePage } from '@/features/scores';
import { FiltersField } from '@/features/segments';

export default function NewScoreRoute() {
  const profile = useProfile();
  return <NewScorePage canEdit={canManageScores(profile.data?.role)} FiltersField={FiltersField} />;
}
