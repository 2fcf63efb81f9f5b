import {
  BellOutlined,
  LineChartOutlined,
  StarOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDashboardSettings } from '../api/get-dashboard-settings';

interface PanelProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  className?: string;
}

function Panel({ icon, title, children, className = '' }: PanelProps) {
  return (
    <section
      aria-label={title}
      className={`rounded-xl bg-white p-5 ring-1 ring-slate-200 ${className}`}
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span aria-hidden="true" className="text-brand-600">
          {icon}
        </span>
        {title}
      </h3>
      <div className="mt-2 text-sm text-slate-600">{children}</div>
    </section>
  );
}

interface DashboardAreaProps {
  /** The starred cohorts' panel content; another feature owns cohorts, so the page passes it. */
  favoriteCohorts?: ReactNode;
  /** Every cohort's size over the user's trend range (cohorts feature, ADR 0013). */
  segmentTrends?: (days: number) => ReactNode;
  /** The latest runs of the organization's plays (plays feature). */
  playActivity?: ReactNode;
}

/**
 * The dashboard below the checklist: the user's favorite cohorts and segment trends, then
 * the play activity and the recent alerts (a placeholder until its data arrives), each panel
 * shown per the user's settings.
 */
export function DashboardArea({
  favoriteCohorts,
  segmentTrends,
  playActivity,
}: DashboardAreaProps) {
  const { data: settings, isPending } = useDashboardSettings();
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="dashboard-title" className="text-lg font-semibold text-slate-900">
          Dashboard
        </h2>
        <Link to={APP_ROUTES.profile} className="text-sm">
          Dashboard settings
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        Your dashboard fills up as you create segments, alerts and plays.
      </p>
      {isPending || !settings ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          {favoriteCohorts && (
            <Panel icon={<StarOutlined />} title="Favorite cohorts" className="lg:col-span-3">
              {favoriteCohorts}
            </Panel>
          )}
          <Panel icon={<LineChartOutlined />} title="Segment trends" className="lg:col-span-3">
            {segmentTrends?.(settings.trendRangeDays) ??
              `No segment trends yet. Cohort sizes over the last ${settings.trendRangeDays} days will show here.`}
          </Panel>
          {settings.showRecentAlerts && (
            <Panel icon={<BellOutlined />} title="Recent alerts">
              No alerts yet. Alerts fire when new records match a cohort or a cohort shrinks.
            </Panel>
          )}
          {settings.showPlayActivity && (
            <Panel icon={<ThunderboltOutlined />} title="Play activity">
              {playActivity ??
                'No play activity yet. Runs of your plays and their outcomes will show here.'}
            </Panel>
          )}
        </div>
      )}
    </section>
  );
}
