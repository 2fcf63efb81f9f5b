import { useParams } from 'react-router';
import { CohortPage } from '@/features/segments';

/** `segments/:segmentId` and `segments/:segmentId/:cohortId`: the cohort page (spec §2). */
export default function SegmentRoute() {
  const { segmentId = '', cohortId } = useParams();
  return (
    <CohortPage key={`${segmentId}/${cohortId ?? ''}`} segmentId={segmentId} cohortId={cohortId} />
  );
}
