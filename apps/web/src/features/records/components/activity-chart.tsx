import type { RecordActivity } from '@revlane/contracts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatShortDay } from '../lib/activity-summary';
import { formatCount } from '../lib/format-count';

const BRAND = '#4f46e5';
const HEIGHT = 220;

const formatTooltipDay = (day: unknown) => (typeof day === 'string' ? formatDay(day) : '');
const formatTooltipValue = (value: unknown) =>
  typeof value === 'number' ? formatCount(value) : '—';

/**
 * Events per day as bars, drawn for sighted users (values on hover, or with the arrow keys
 * once focused); its text alternative is the summary above it. The same chart library as the
 * cohort trend (docs/architecture.md §8: Recharts).
 */
export function ActivityChart({ days }: { days: RecordActivity['days'] }) {
  return (
    // jsdom and hidden tabs measure 0×0; the initial size draws something sensible meanwhile.
    <ResponsiveContainer
      width="100%"
      height={HEIGHT}
      initialDimension={{ width: 640, height: HEIGHT }}
    >
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="day" tickFormatter={formatShortDay} minTickGap={24} fontSize={12} />
        <YAxis width={48} allowDecimals={false} tickFormatter={formatCount} fontSize={12} />
        <Tooltip labelFormatter={formatTooltipDay} formatter={formatTooltipValue} />
        <Bar dataKey="events" name="Events" fill={BRAND} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
