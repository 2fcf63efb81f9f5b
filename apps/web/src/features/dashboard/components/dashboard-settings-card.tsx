import type { DashboardSettings } from '@revlane/contracts';
import { Radio, Skeleton, Switch } from 'antd';
import { SectionCard } from '@/common/ui/section-card';
import { useDashboardSettings } from '../api/get-dashboard-settings';
import { useUpdateDashboardSettings } from '../api/update-dashboard-settings';

const RANGES: DashboardSettings['trendRangeDays'][] = [30, 90, 180];

function ToggleRow(props: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center justify-between gap-4 text-sm text-slate-700">
      {props.label}
      <Switch checked={props.checked} onChange={props.onChange} />
    </label>
  );
}

/** What the home dashboard shows; each change is saved at once. */
export function DashboardSettingsCard() {
  const { data: settings } = useDashboardSettings();
  const update = useUpdateDashboardSettings();
  const save = (changes: Partial<DashboardSettings>) => update.mutate(changes);

  return (
    <SectionCard title="Dashboard" description="Choose what your home dashboard shows.">
      {settings ? (
        <div className="flex max-w-md flex-col gap-5">
          <div className="flex flex-col gap-2">
            <span id="trend-range-label" className="text-sm text-slate-700">
              Trend range
            </span>
            <Radio.Group
              aria-labelledby="trend-range-label"
              optionType="button"
              value={settings.trendRangeDays}
              onChange={(event) =>
                save({ trendRangeDays: event.target.value as DashboardSettings['trendRangeDays'] })
              }
              options={RANGES.map((days) => ({ value: days, label: `${days} days` }))}
            />
          </div>
          <ToggleRow
            label="Show recent alerts"
            checked={settings.showRecentAlerts}
            onChange={(on) => save({ showRecentAlerts: on })}
          />
          <ToggleRow
            label="Show play activity"
            checked={settings.showPlayActivity}
            onChange={(on) => save({ showPlayActivity: on })}
          />
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </SectionCard>
  );
}
