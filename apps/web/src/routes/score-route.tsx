import { useParams } from 'react-router';
import { useProfile } from '@/features/profile';
import { canManageScores, ScoreDetailsPage } from '@/features/scores';
import { FiltersField } from '@/features/segments';

export default function ScoreRoute() {
  const { scoreId = '' } = useParams();
  const profile = useProfile();
  return (
    <ScoreDetailsPage
      // Another score's page starts afresh: no draft or back-test carried over.
      key={scoreId}
      scoreId={scoreId}
      canEdit={canManageScores(profile.data?.role)}
      FiltersField={FiltersField}
    />
  );
}
