import type { DiscoveredTable } from '@revlane/contracts';
import { Select, Tag } from 'antd';

export interface ColumnChoice {
  name: string;
  type: string;
  samples: string[];
}

/** Columns of a discovered table with the sample values of its preview. */
export function columnChoicesOf(
  table: DiscoveredTable | undefined,
  samples: ReadonlyMap<string, string[]>,
): ColumnChoice[] {
  return (table?.columns ?? []).map((column) => ({
    ...column,
    samples: samples.get(column.name) ?? [],
  }));
}

interface ColumnSelectProps {
  id?: string;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  choices: ColumnChoice[];
  isMultiple?: boolean;
  isLoading?: boolean;
  placeholder: string;
}

/**
 * A column picker (ADR 0019: role columns and attributes are picked from the landed table):
 * each option shows its type as a badge and a few of its values, so "id" and "account_id"
 * are told apart by what they hold.
 */
export function ColumnSelect({
  id,
  value,
  onChange,
  choices,
  isMultiple = false,
  isLoading = false,
  placeholder,
}: ColumnSelectProps) {
  return (
    <Select<string | string[]>
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
      mode={isMultiple ? 'multiple' : undefined}
      allowClear
      showSearch
      loading={isLoading}
      placeholder={placeholder}
      options={choices.map((choice) => ({ value: choice.name, label: choice.name, choice }))}
      optionRender={(option) => {
        const choice = (option.data as { choice: ColumnChoice }).choice;
        return (
          <span className="flex min-w-0 items-center gap-2">
            <span className="font-medium">{choice.name}</span>
            <Tag className="!m-0 !text-[11px]">{choice.type}</Tag>
            {choice.samples.length > 0 && (
              <span className="truncate text-xs text-slate-500">
                {`e.g. ${choice.samples.join(', ')}`}
              </span>
            )}
          </span>
        );
      }}
    />
  );
}
