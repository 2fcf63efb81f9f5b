import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  SEGMENT_SORTS_MAX,
  type SegmentColumn,
  type SegmentDetail,
  type SortInfo,
} from '@revlane/contracts';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { MutationButton, UnsavedChangesPrompt } from '@/common/ui';
import { useSaveSettings } from '../../hooks/use-save-settings';
import { SettingsError } from './settings-error';

interface SortingSettingsProps {
  segment: SegmentDetail;
  catalogue: SegmentColumn[];
}

type SortRow = { field: string | undefined; isDescending: boolean };

const DIRECTIONS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

/** The table's default sort: up to three levels. */
export function SortingSettings({ segment, catalogue }: SortingSettingsProps) {
  const [rows, setRows] = useState<SortRow[]>(segment.sorting);
  const { save, isSaving, error } = useSaveSettings(segment.id);
  const update = (index: number, change: Partial<SortRow>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const isComplete = rows.every((row) => row.field);
  const sortable = catalogue.filter((column) => column.dataType !== 'timeseries');

  return (
    <section aria-label="Sorting settings" className="max-w-2xl">
      <SettingsError error={error} />
      <UnsavedChangesPrompt isDirty={JSON.stringify(rows) !== JSON.stringify(segment.sorting)} />
      {rows.length === 0 && (
        <p className="mb-3 text-slate-600">No default sort: records show in their stored order.</p>
      )}
      <ol className="flex flex-col gap-2">
        {rows.map((row, index) => (
          <li key={index} className="flex items-center gap-2">
            <span className="w-16 text-slate-500">{index === 0 ? 'Sort by' : 'then by'}</span>
            <Select
              aria-label={`Sort level ${index + 1} column`}
              className="flex-1"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Pick a column"
              value={row.field}
              options={sortable
                .filter(
                  (column) =>
                    column.name === row.field || !rows.some((other) => other.field === column.name),
                )
                .map((column) => ({ value: column.name, label: column.label }))}
              onChange={(field: string) => update(index, { field })}
            />
            <Select
              aria-label={`Sort level ${index + 1} direction`}
              className="w-36"
              value={row.isDescending ? 'desc' : 'asc'}
              options={DIRECTIONS}
              onChange={(direction: string) =>
                update(index, { isDescending: direction === 'desc' })
              }
            />
            <Button
              aria-label={`Remove sort level ${index + 1}`}
              icon={<DeleteOutlined />}
              onClick={() => setRows(rows.filter((_, at) => at !== index))}
            />
          </li>
        ))}
      </ol>
      <div className="mt-4 flex gap-2">
        <Button
          icon={<PlusOutlined />}
          disabled={rows.length >= SEGMENT_SORTS_MAX}
          onClick={() => setRows([...rows, { field: undefined, isDescending: false }])}
        >
          Add sort level
        </Button>
        <MutationButton
          type="primary"
          loading={isSaving}
          disabled={!isComplete}
          onClick={() => save({ sorting: rows as SortInfo[] })}
        >
          Save
        </MutationButton>
      </div>
    </section>
  );
}
