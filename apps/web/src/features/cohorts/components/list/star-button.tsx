import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { Cohort } from '@revlane/contracts';
import { useUpdateCohort } from '../../api/update-cohort';
import { MutationButton } from '@/common/ui/mutation-button';

/** Stars or unstars a cohort for the signed-in user; starred ones lead the list and home. */
export function StarButton({ cohort }: { cohort: Cohort }) {
  const update = useUpdateCohort(cohort.segmentId);
  const label = `${cohort.favorite ? 'Unstar' : 'Star'} ${cohort.name}`;
  return (
    <MutationButton
      type="text"
      size="small"
      aria-label={label}
      title={label}
      icon={
        cohort.favorite ? (
          <StarFilled aria-hidden="true" className="text-amber-500" />
        ) : (
          <StarOutlined aria-hidden="true" />
        )
      }
      onClick={() =>
        update.mutate({ cohortId: cohort.id, changes: { favorite: !cohort.favorite } })
      }
    />
  );
}
