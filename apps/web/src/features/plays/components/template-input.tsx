import {
  parseTemplate,
  renderTemplate,
  type SegmentColumn,
  type SegmentRow,
} from '@revlane/contracts';
import { Input, Select } from 'antd';

interface TemplateInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** `account` or `user`: the entity of the cohort's base table (ADR 0024). */
  entity: string;
  columns: SegmentColumn[];
  /** A record of the cohort's segment, rendered live; null when there is none yet. */
  sample: SegmentRow | null;
  isDisabled: boolean;
  isMultiline?: boolean;
}

/**
 * A template like `{{account.name}}`: "Insert field" maps a record column into it, and the
 * preview under it renders one real record with the renderer the play sends with.
 */
export function TemplateInput({
  id,
  label,
  value,
  onChange,
  entity,
  columns,
  sample,
  isDisabled,
  isMultiline = false,
}: TemplateInputProps) {
  const parsed = parseTemplate(value);
  const field = isMultiline ? (
    <Input.TextArea
      id={id}
      value={value}
      disabled={isDisabled}
      autoSize={{ minRows: 2, maxRows: 6 }}
      onChange={(event) => onChange(event.target.value)}
    />
  ) : (
    <Input
      id={id}
      value={value}
      disabled={isDisabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">{field}</div>
        {!isDisabled && (
          <Select
            aria-label={`Insert field into ${label}`}
            className="w-44 shrink-0"
            placeholder="Insert field"
            value={null}
            showSearch={{ optionFilterProp: 'label' }}
            options={columns.map((column) => ({ value: column.name, label: column.label }))}
            onChange={(column: string) => onChange(`${value}{{${entity}.${column}}}`)}
          />
        )}
      </div>
      {'error' in parsed ? (
        <p className="text-xs text-red-600">{parsed.error}</p>
      ) : (
        sample &&
        parsed.references.length > 0 && (
          <p aria-label={`Preview of ${label}`} className="text-xs text-slate-500">
            {`Preview: ${renderTemplate(value, sample)}`}
          </p>
        )
      )}
    </div>
  );
}
