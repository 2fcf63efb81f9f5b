import { Radio } from 'antd';
import { useId, type ReactNode } from 'react';

interface ChoiceFieldProps<T extends string> {
  label: string;
  value: T;
  options: { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
  error?: string;
}

/** Radios under a label that names their group, with the refusal of the field under them. */
export function ChoiceField<T extends string>({
  label,
  value,
  options,
  onChange,
  error,
}: ChoiceFieldProps<T>) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <Radio.Group
        aria-labelledby={labelId}
        className="flex flex-col gap-2"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        options={options}
      />
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
