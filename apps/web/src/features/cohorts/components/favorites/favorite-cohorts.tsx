import { StarOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useFavoriteCohorts } from '../../api/get-favorite-cohorts';
import { LoadError } from '@/common/ui/load-error';
import { CohortSparklineRow, type SparklineComponent } from './cohort-sparkline-row';

interface FavoriteCohortsProps {
  Sparkline: SparklineComponent;
}

/** The user's starred cohorts with their current size and last 30 days (home dashboard). */
export function FavoriteCohorts({ Sparkline }: FavoriteCohortsProps) {
  const query = useFavoriteCohorts();
  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (query.isError) {
    return (
      <LoadError
        title="Your favorite cohorts could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        <StarOutlined aria-hidden="true" /> No favorite cohorts yet. Star a cohort on a segment page
        to follow its size here.
      </p>
    );
  }
  return (
    <ul aria-label="Favorite cohorts" className="divide-y divide-slate-100">
      {query.data.map((cohort) => (
        <CohortSparklineRow
          key={cohort.id}
          cohort={cohort}
          Sparkline={Sparkline}
          days={30}
          subtitle={cohort.segmentName}
        />
      ))}
    </ul>
  );
}
