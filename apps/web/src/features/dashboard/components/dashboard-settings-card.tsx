import type { DashboardSettings } from '@revlane/contracts';
import { Radio, Skeleton, Switch } from 'antd';
import { SectionCard } from '@/common/ui/section-card';
import { useDashboardSettings } from '../api/get-dashboard-settings';
import { useUpdateDashboardSettings } from '../api/update-dashboard-settings';

const RANGES: DashboardSettings['trendRangeDays'][] = [30, 90, 180];

type ToggleSetting = 'showRecentAlerts' | 'showPlayActivity';

// Each control saves through its own mutation: one request at a time per control (a double
// click sends one), while a change of another setting is not held back by it.
function ToggleRow(props: { label: string; setting: ToggleSetting; checked: boolean }) {
  const update = useUpdateDashboardSettings();
  return (
    <label className="flex items-center justify-between gap-4 text-sm text-slate-700">
      {props.label}
      <Switch
        checked={props.checked}
        loading={update.isPending}
        onChange={(on) => update.mutate({ [props.setting]: on })}
      />
    </label>
  );
}

function TrendRangeField({ value }: { value: DashboardSettings['trendRangeDays'] }) {
  const update = useUpdateDashboardSettings();
  return (
    <div className="flex flex-col gap-2">
      <span id="trend-range-label" className="text-sm text-slate-700">
        Trend range
      </span>
      <Radio.Group
        aria-labelledby="trend-range-label"
        optionType="button"
        value={value}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate({
            trendRangeDays: event.target.value as DashboardSettings['trendRangeDays'],
          })
        }
        options={RANGES.map((days) => ({ value: days, label: `${days} days` }))}
      />
    </div>
  );
}

/** What the home dashboard shows; each change is saved at once. */
export function DashboardSettingsCard() {
  const { data: settings } = useDashboardSettings();

  return (
    <SectionCard title="Dashboard" description="Choose what your home dashboard shows.">
      {settings ? (
        <div className="flex max-w-md flex-col gap-5">
          <TrendRangeField value={settings.trendRangeDays} />
          <ToggleRow
            label="Show recent alerts"
            setting="showRecentAlerts"
            checked={settings.showRecentAlerts}
          />
          <ToggleRow
            label="Show play activity"
            setting="showPlayActivity"
            checked={settings.showPlayActivity}
          />
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </SectionCard>
  );
}
