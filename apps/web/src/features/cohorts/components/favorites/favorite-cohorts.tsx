import { StarOutlined } from '@ant-design/icons';
import { APP_ROUTES, type FavoriteCohort } from '@revlane/contracts';
import { Skeleton } from 'antd';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useFavoriteCohorts } from '../../api/get-favorite-cohorts';
import { formatMembers } from '../../lib/format-count';
import { LoadError } from '../load-error';

/** Draws a small line of numbers; the page passes the product's sparkline in. */
export type SparklineComponent = ComponentType<{ values: number[]; label: string }>;

interface FavoriteCohortsProps {
  Sparkline: SparklineComponent;
}

function FavoriteRow({ cohort, Sparkline }: { cohort: FavoriteCohort } & FavoriteCohortsProps) {
  // Days without a snapshot have no count; the line joins the days that have one.
  const values = cohort.sparkline.filter((value) => value !== null);
  return (
    <li className="flex items-center gap-3 py-2">
      <div className="min-w-0 flex-1">
        <Link to={APP_ROUTES.cohort(cohort.segmentId, cohort.id)} className="font-medium">
          {cohort.name}
        </Link>
        <p className="truncate text-xs text-slate-500">{cohort.segmentName}</p>
      </div>
      <Sparkline values={values} label={`Members of ${cohort.name} over the last 30 days`} />
      <span className="w-28 text-right text-sm text-slate-700">
        {cohort.members === null ? 'Not counted yet' : formatMembers(cohort.members)}
      </span>
    </li>
  );
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
        <FavoriteRow key={cohort.id} cohort={cohort} Sparkline={Sparkline} />
      ))}
    </ul>
  );
}
