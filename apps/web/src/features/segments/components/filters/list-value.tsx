import type { SegmentColumn } from '@revlane/contracts';
import { Select } from 'antd';
import { optionsOf } from './column-options';
import { SEARCH_BY_LABEL } from './search-by-label';

interface ListValueProps {
  name: string;
  column: SegmentColumn;
  value: unknown;
  onChange: (value: unknown) => void;
}

/**
 * The values of "is any of" / "is none of". A column with options (enum, boolean) takes only
 * them: typed text finds them by label and Enter takes the stored value ("Pro" → `pro`), for
 * the server refuses any other (docs/architecture.md §5.3). Free text only where any value is
 * accepted (text, email, list columns).
 */
export function ListValue({ name, column, value, onChange }: ListValueProps) {
  const options = optionsOf(column);
  const values = Array.isArray(value) ? value.map(String) : [];
  if (options.length > 0) {
    return (
      <Select
        aria-label={name}
        mode="multiple"
        placeholder="Pick values"
        showSearch={SEARCH_BY_LABEL}
        options={options}
        value={values}
        onChange={(next: string[]) => onChange(next)}
      />
    );
  }
  return (
    <Select
      aria-label={name}
      mode="tags"
      placeholder="Type values, Enter after each"
      value={values}
      onChange={(next: string[]) => onChange(next)}
    />
  );
}
