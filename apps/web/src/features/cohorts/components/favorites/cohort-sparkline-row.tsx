import { APP_ROUTES, type FavoriteCohort } from '@revlane/contracts';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { formatMembers } from '../../lib/format-count';

/** Draws a small line of numbers; the page passes the product's sparkline in. */
export type SparklineComponent = ComponentType<{ values: number[]; label: string }>;

interface CohortSparklineRowProps {
  cohort: FavoriteCohort;
  Sparkline: SparklineComponent;
  /** Days the line covers, for its accessible name. */
  days: number;
  /** Under the name: the segment (favorites span segments), or nothing under a heading. */
  subtitle?: string;
}

/** One cohort of a home panel: its link, its daily members as a line and its size. */
export function CohortSparklineRow({ cohort, Sparkline, days, subtitle }: CohortSparklineRowProps) {
  // Days without a snapshot have no count; the line joins the days that have one.
  const values = cohort.sparkline.filter((value) => value !== null);
  return (
    <li className="flex items-center gap-3 py-2">
      <div className="min-w-0 flex-1">
        <Link to={APP_ROUTES.cohort(cohort.segmentId, cohort.id)} className="font-medium">
          {cohort.name}
        </Link>
        {subtitle && <p className="truncate text-xs text-slate-500">{subtitle}</p>}
      </div>
      <Sparkline values={values} label={`Members of ${cohort.name} over the last ${days} days`} />
      <span className="w-28 text-right text-sm text-slate-700">
        {cohort.members === null ? 'Not counted yet' : formatMembers(cohort.members)}
      </span>
    </li>
  );
}
