import { ClockCircleOutlined } from '@ant-design/icons';
import type { Notification } from '@revlane/contracts';
import { Button, Dropdown, Switch } from 'antd';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { useUpdateAlert } from '../api/save-alert';
import { isSnoozed } from '../lib/describe-alert';

const HOUR_MS = 3_600_000;
const SNOOZES = [
  { key: '1h', label: 'For 1 hour', ms: HOUR_MS },
  { key: '1d', label: 'For 1 day', ms: 24 * HOUR_MS },
  { key: '1w', label: 'For 1 week', ms: 7 * 24 * HOUR_MS },
];

/** The alert's on/off switch: a disabled alert evaluates silently and never fires (ADR 0023). */
export function EnabledSwitch({ alert }: { alert: Notification }) {
  const update = useUpdateAlert(alert.id);
  return (
    <Switch
      aria-label={`Enabled: ${alert.name}`}
      checked={update.isPending ? update.variables.enabled : alert.enabled}
      loading={update.isPending}
      onChange={(enabled) => update.mutate({ enabled })}
    />
  );
}

/** Snooze for an hour, a day or a week, or wake it up; a snoozed alert says until when. */
export function SnoozeMenu({ alert }: { alert: Notification }) {
  const update = useUpdateAlert(alert.id);
  const snoozed = isSnoozed(alert);
  const items = [
    ...SNOOZES.map(({ key, label }) => ({ key, label })),
    ...(snoozed ? [{ key: 'wake', label: 'Unsnooze' }] : []),
  ];
  const choose = (key: string) => {
    const snooze = SNOOZES.find((option) => option.key === key);
    void update.mutate({
      snoozedUntil: snooze ? new Date(Date.now() + snooze.ms).toISOString() : null,
    });
  };
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => choose(key) }} trigger={['click']}>
      <Button
        size="small"
        icon={<ClockCircleOutlined aria-hidden="true" />}
        loading={update.isPending}
        aria-label={`Snooze ${alert.name}`}
      >
        {snoozed ? `Snoozed until ${formatTimestamp(alert.snoozedUntil!)}` : 'Snooze'}
      </Button>
    </Dropdown>
  );
}
