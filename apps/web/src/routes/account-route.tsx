import { useParams } from 'react-router';
import { ACTION_LABELS } from '@/features/plays';
import { RecordPage } from '@/features/records';
import { RecordScoresCard } from '@/features/scores';
import { SegmentCell } from '@/features/segments';

/** `/app/accounts/:accountId`: one account's page (docs/product.md §2), values as the table shows them. */
export default function AccountRoute() {
  const { accountId = '' } = useParams();
  return (
    <RecordPage
      key={accountId}
      kind="accounts"
      id={accountId}
      ValueCell={SegmentCell}
      actionLabels={ACTION_LABELS}
      ScoresCard={RecordScoresCard}
    />
  );
}
