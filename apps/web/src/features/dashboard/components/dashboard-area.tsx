import { BellOutlined, LineChartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDashboardSettings } from '../api/get-dashboard-settings';

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span aria-hidden="true" className="text-brand-600">
          {icon}
        </span>
        {title}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{children}</p>
    </section>
  );
}

/**
 * The dashboard below the checklist. Its data (segment trends, alerts, play runs) arrives
 * with later issues; until then each panel says what it will show, per the user's settings.
 */
export function DashboardArea() {
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
          <Panel icon={<LineChartOutlined />} title="Segment trends">
            {`No segment trends yet. Cohort sizes over the last ${settings.trendRangeDays} days will show here.`}
          </Panel>
          {settings.showRecentAlerts && (
            <Panel icon={<BellOutlined />} title="Recent alerts">
              No alerts yet. Alerts fire when new records match a cohort or a cohort shrinks.
            </Panel>
          )}
          {settings.showPlayActivity && (
            <Panel icon={<ThunderboltOutlined />} title="Play activity">
              No play activity yet. Runs of your plays and their outcomes will show here.
            </Panel>
          )}
        </div>
      )}
    </section>
  );
}
