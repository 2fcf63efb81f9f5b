import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount } from '../../lib/format-count';
import { formatDay, type TrendRow } from '../../lib/trend-series';

const BRAND = '#4f46e5';
const AVERAGE = '#f59e0b';

interface MembersTrendChartProps {
  rows: TrendRow[];
  /** Width of the rolling average in days, for its legend entry. */
  window: number;
  /** Pixels, legend included: the card keeps a fixed height. */
  height: number;
}

// The label is the row's `date` (the X axis key); anything else is not a day to format.
const formatTooltipDay = (day: unknown) => (typeof day === 'string' ? formatDay(day) : '');
const formatTooltipValue = (value: unknown) =>
  typeof value === 'number' ? formatCount(value) : '—';

/**
 * Members per day as an area with the rolling average as a dashed line. The chart is drawn
 * for sighted users (values on hover, or with the arrow keys once focused); its text
 * alternative is the summary and list beside it.
 */
export function MembersTrendChart({ rows, window, height }: MembersTrendChartProps) {
  // A line needs two counted days; a cohort saved today has one, drawn as a dot instead.
  const isSparse = rows.filter((row) => row.members !== null).length < 2;
  return (
    // jsdom and hidden tabs measure 0×0; the initial size draws something sensible meanwhile.
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="date" tickFormatter={formatDay} minTickGap={24} fontSize={12} />
        <YAxis
          width={56}
          allowDecimals={false}
          tickFormatter={formatCount}
          fontSize={12}
          domain={['auto', 'auto']}
        />
        <Tooltip labelFormatter={formatTooltipDay} formatter={formatTooltipValue} />
        <Legend />
        <Area
          type="monotone"
          dataKey="members"
          name="Members"
          stroke={BRAND}
          fill={BRAND}
          fillOpacity={0.12}
          dot={isSparse}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="average"
          name={`${window}-day average`}
          stroke={AVERAGE}
          strokeDasharray="5 4"
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
