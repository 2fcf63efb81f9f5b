import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  SEGMENT_COLUMNS_MAX,
  SPECIAL_COLUMN_NAMES,
  type SegmentColumn,
  type SegmentDetail,
} from '@revlane/contracts';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { columnLabel } from '../../lib/format-value';
import { MutationButton, UnsavedChangesPrompt } from '@/common/ui';
import { useSaveSettings } from '../../hooks/use-save-settings';
import { SettingsError } from './settings-error';

const NEW_COLUMN = SPECIAL_COLUMN_NAMES.newColumn;

interface ColumnsSettingsProps {
  segment: SegmentDetail;
  catalogue: SegmentColumn[];
}

function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Choose and order the table's columns; a row being added is keyed `new_col` until chosen. */
export function ColumnsSettings({ segment, catalogue }: ColumnsSettingsProps) {
  const [columns, setColumns] = useState(segment.columns);
  const { save, isSaving, error } = useSaveSettings(segment.id);
  const hasPending = columns.includes(NEW_COLUMN);
  const available = catalogue.filter((column) => !columns.includes(column.name));

  return (
    <section aria-label="Columns settings" className="max-w-2xl">
      <SettingsError error={error} />
      <UnsavedChangesPrompt isDirty={JSON.stringify(columns) !== JSON.stringify(segment.columns)} />
      <ol className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {columns.map((name, index) => {
          const label = name === NEW_COLUMN ? 'New column' : columnLabel(catalogue, name);
          return (
            <li key={name} className="flex items-center gap-2 px-3 py-2">
              <span className="w-6 text-right text-slate-400">{index + 1}.</span>
              {name === NEW_COLUMN ? (
                <Select
                  aria-label="Column to add"
                  className="flex-1"
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Pick a column (computed columns are marked)"
                  options={available.map((column) => ({
                    value: column.name,
                    label: column.computed ? `${column.label} (computed)` : column.label,
                  }))}
                  onChange={(chosen: string) =>
                    setColumns(columns.map((item) => (item === NEW_COLUMN ? chosen : item)))
                  }
                />
              ) : (
                <span className="flex-1">{label}</span>
              )}
              <Button
                aria-label={`Move ${label} up`}
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => setColumns(move(columns, index, index - 1))}
              />
              <Button
                aria-label={`Move ${label} down`}
                icon={<ArrowDownOutlined />}
                disabled={index === columns.length - 1}
                onClick={() => setColumns(move(columns, index, index + 1))}
              />
              <Button
                aria-label={`Remove ${label}`}
                icon={<DeleteOutlined />}
                disabled={columns.length === 1}
                onClick={() => setColumns(columns.filter((item) => item !== name))}
              />
            </li>
          );
        })}
      </ol>
      <div className="mt-4 flex gap-2">
        <Button
          icon={<PlusOutlined />}
          disabled={hasPending || available.length === 0 || columns.length >= SEGMENT_COLUMNS_MAX}
          onClick={() => setColumns([...columns, NEW_COLUMN])}
        >
          Add column
        </Button>
        <MutationButton
          type="primary"
          loading={isSaving}
          disabled={hasPending}
          onClick={() => save({ columns })}
        >
          Save
        </MutationButton>
      </div>
    </section>
  );
}
