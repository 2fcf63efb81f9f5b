import { SCORE_POINTS_MAX } from '@revlane/contracts';
import { InputNumber } from 'antd';

interface RulePointsInputProps {
  id: string;
  value: number | null;
  onChange: (points: number | null) => void;
  disabled?: boolean;
}

/** Points a rule gives (or, negative, takes): whole or decimal, never 0 (the server says so). */
export function RulePointsInput({ id, value, onChange, disabled }: RulePointsInputProps) {
  return (
    <InputNumber
      id={id}
      className="!w-28"
      value={value}
      min={-SCORE_POINTS_MAX}
      max={SCORE_POINTS_MAX}
      disabled={disabled}
      onChange={(next) => onChange(typeof next === 'number' ? next : null)}
    />
  );
}
