import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { Cohort } from '@revlane/contracts';
import { Button } from 'antd';
import { useUpdateCohort } from '../../api/update-cohort';

/** Stars or unstars a cohort for the signed-in user; starred ones lead the list and home. */
export function StarButton({ cohort }: { cohort: Cohort }) {
  const update = useUpdateCohort(cohort.segmentId);
  const label = `${cohort.favorite ? 'Unstar' : 'Star'} ${cohort.name}`;
  return (
    <Button
      type="text"
      size="small"
      aria-label={label}
      title={label}
      loading={update.isPending}
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
