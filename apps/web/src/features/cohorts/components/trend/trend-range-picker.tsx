import { Radio } from 'antd';

export const TREND_RANGES = [30, 90, 180] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

interface TrendRangePickerProps {
  value: TrendRange;
  onChange: (days: TrendRange) => void;
}

/** How many days the trend covers. */
export function TrendRangePicker({ value, onChange }: TrendRangePickerProps) {
  return (
    <Radio.Group
      aria-label="Trend range"
      optionType="button"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value as TrendRange)}
      options={TREND_RANGES.map((days) => ({ value: days, label: `${days} days` }))}
    />
  );
}
