import { useParams } from 'react-router';
import { ACTION_LABELS } from '@/features/plays';
import { RecordPage } from '@/features/records';
import { RecordScoresCard } from '@/features/scores';
import { SegmentCell } from '@/features/segments';

/** `/app/users/:userId`: one user's page (docs/product.md §2), values as the table shows them. */
export default function UserRoute() {
  const { userId = '' } = useParams();
  return (
    <RecordPage
      key={userId}
      kind="users"
      id={userId}
      ValueCell={SegmentCell}
      actionLabels={ACTION_LABELS}
      ScoresCard={RecordScoresCard}
    />
  );
}
