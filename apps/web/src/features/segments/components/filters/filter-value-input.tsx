import { FILTER_OPERATORS, type FilterOperator, type SegmentColumn } from '@revlane/contracts';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import { optionsOf } from './column-options';
import { ListValue } from './list-value';
import { SEARCH_BY_LABEL } from './search-by-label';

interface FilterValueInputProps {
  column: SegmentColumn;
  operator: FilterOperator;
  value: unknown;
  onChange: (value: unknown) => void;
}

const BOOLEAN_OPTIONS = [
  { value: 'true', label: 'True' },
  { value: 'false', label: 'False' },
];

const pair = (value: unknown): [unknown, unknown] =>
  Array.isArray(value) ? [value[0], value[1]] : [undefined, undefined];

const toNumber = (value: number | string | null) =>
  value === null || value === '' ? undefined : Number(value);

/** The value input that fits the operator's value kind (docs/product.md §5) and the column's type. */
export function FilterValueInput({ column, operator, value, onChange }: FilterValueInputProps) {
  const kind = FILTER_OPERATORS[operator].value;
  const name = `Value for ${column.label}`;
  const [low, high] = pair(value);
  switch (kind) {
    case 'none':
      return null;
    case 'boolean':
      return (
        <Select
          aria-label={name}
          placeholder="True or False"
          options={BOOLEAN_OPTIONS}
          value={typeof value === 'boolean' ? String(value) : undefined}
          onChange={(next: string) => onChange(next === 'true')}
        />
      );
    case 'list':
      return <ListValue name={name} column={column} value={value} onChange={onChange} />;
    case 'days':
      return (
        <InputNumber
          aria-label={name}
          // Not clamped: a value out of range is named by the contract's check instead.
          suffix="days"
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange(toNumber(next))}
        />
      );
    case 'date':
      return (
        <DatePicker
          aria-label={name}
          onChange={(_date, text) => onChange(typeof text === 'string' && text ? text : undefined)}
        />
      );
    case 'date-range':
      return (
        <div className="flex gap-2">
          <DatePicker
            aria-label={`${name}: from`}
            onChange={(_date, text) => onChange([text || undefined, high])}
          />
          <DatePicker
            aria-label={`${name}: to`}
            onChange={(_date, text) => onChange([low, text || undefined])}
          />
        </div>
      );
    case 'number-range':
      return (
        <div className="flex gap-2">
          <InputNumber
            aria-label={`${name}: from`}
            value={typeof low === 'number' ? low : null}
            onChange={(next) => onChange([toNumber(next), high])}
          />
          <InputNumber
            aria-label={`${name}: to`}
            value={typeof high === 'number' ? high : null}
            onChange={(next) => onChange([low, toNumber(next)])}
          />
        </div>
      );
    case 'number':
      return (
        <InputNumber
          aria-label={name}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange(toNumber(next))}
        />
      );
    case 'scalar':
      if (column.dataType === 'enum' && column.options?.length) {
        return (
          <Select
            aria-label={name}
            placeholder="Pick a value"
            showSearch={SEARCH_BY_LABEL}
            options={optionsOf(column)}
            value={typeof value === 'string' ? value : undefined}
            onChange={(next: string) => onChange(next)}
          />
        );
      }
      if (column.dataType === 'numeric') {
        return (
          <InputNumber
            aria-label={name}
            value={typeof value === 'number' ? value : null}
            onChange={(next) => onChange(toNumber(next))}
          />
        );
      }
      return <TextValue name={name} value={value} onChange={onChange} />;
    case 'text':
      return <TextValue name={name} value={value} onChange={onChange} />;
  }
}

function TextValue({
  name,
  value,
  onChange,
}: {
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  return (
    <Input
      aria-label={name}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
