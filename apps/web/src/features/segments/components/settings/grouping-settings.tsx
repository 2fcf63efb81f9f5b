import type { SegmentColumn, SegmentDetail } from '@revlane/contracts';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { MutationButton, UnsavedChangesPrompt } from '@/common/ui';
import { useSaveSettings } from '../../hooks/use-save-settings';
import { SettingsError } from './settings-error';

interface GroupingSettingsProps {
  segment: SegmentDetail;
  catalogue: SegmentColumn[];
}

/** Group records by a column, and optionally by a second one inside it. */
export function GroupingSettings({ segment, catalogue }: GroupingSettingsProps) {
  const [pivot, setPivot] = useState(segment.grouping.pivot);
  const [pivotIdentifier, setPivotIdentifier] = useState(segment.grouping.pivotIdentifier);
  const { save, isSaving, error } = useSaveSettings(segment.id);
  const options = catalogue
    .filter((column) => column.dataType !== 'timeseries')
    .map((column) => ({ value: column.name, label: column.label }));
  return (
    <Form layout="vertical" className="max-w-xl" aria-label="Grouping settings">
      <SettingsError error={error} />
      <UnsavedChangesPrompt
        isDirty={
          pivot !== segment.grouping.pivot || pivotIdentifier !== segment.grouping.pivotIdentifier
        }
      />
      <Form.Item label="Group by" htmlFor="grouping-pivot" extra="Leave empty to list records.">
        <Select
          id="grouping-pivot"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="No grouping"
          options={options}
          value={pivot ?? undefined}
          onChange={(next?: string) => {
            setPivot(next ?? null);
            if (!next) setPivotIdentifier(null);
          }}
        />
      </Form.Item>
      <Form.Item label="Then by" htmlFor="grouping-identifier">
        <Select
          id="grouping-identifier"
          allowClear
          disabled={!pivot}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="No second level"
          options={options.filter((option) => option.value !== pivot)}
          value={pivotIdentifier ?? undefined}
          onChange={(next?: string) => setPivotIdentifier(next ?? null)}
        />
      </Form.Item>
      <MutationButton
        type="primary"
        loading={isSaving}
        onClick={() =>
          save({ grouping: { pivot, pivotIdentifier: pivot ? pivotIdentifier : null } })
        }
      >
        Save
      </MutationButton>
    </Form>
  );
}
