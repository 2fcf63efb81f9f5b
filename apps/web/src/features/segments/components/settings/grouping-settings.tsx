import {
  defaultAggregate,
  type GroupAggregate,
  type SegmentColumn,
  type SegmentDetail,
} from '@revlane/contracts';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { MutationButton, UnsavedChangesPrompt } from '@/common/ui';
import { useSaveSettings } from '../../hooks/use-save-settings';
import { AggregateChoices } from './aggregate-choices';
import { SettingsError } from './settings-error';

const isSameChoice = (left: Record<string, string>, right: Record<string, string>) =>
  Object.keys(left).length === Object.keys(right).length &&
  Object.entries(left).every(([name, aggregate]) => right[name] === aggregate);

interface GroupingSettingsProps {
  segment: SegmentDetail;
  catalogue: SegmentColumn[];
}

/**
 * Group records by a column, and optionally by a second one inside it; and what each numeric
 * column shows per group, whatever the grouping (docs/product.md §5.3).
 */
export function GroupingSettings({ segment, catalogue }: GroupingSettingsProps) {
  const [pivot, setPivot] = useState(segment.grouping.pivot);
  const [pivotIdentifier, setPivotIdentifier] = useState(segment.grouping.pivotIdentifier);
  const saved = segment.grouping.aggregates ?? {};
  const [aggregates, setAggregates] = useState<Record<string, GroupAggregate>>(saved);
  const { save, isSaving, error } = useSaveSettings(segment.id);
  const options = catalogue
    .filter((column) => column.dataType !== 'timeseries')
    .map((column) => ({ value: column.name, label: column.label }));
  const aggregated = segment.columns.flatMap((name) => {
    const column = catalogue.find((entry) => entry.name === name);
    return column && defaultAggregate(column) ? [column] : [];
  });
  return (
    <Form layout="vertical" className="max-w-xl" aria-label="Grouping settings">
      <SettingsError error={error} />
      <UnsavedChangesPrompt
        isDirty={
          pivot !== segment.grouping.pivot ||
          pivotIdentifier !== segment.grouping.pivotIdentifier ||
          !isSameChoice(aggregates, saved)
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
      <fieldset className="mb-6">
        <legend className="mb-1">Per group, each numeric column shows its</legend>
        <p className="mb-3 text-slate-500">
          Counts and money add up; percentages and scores average. The export shows the same.
        </p>
        <AggregateChoices columns={aggregated} value={aggregates} onChange={setAggregates} />
      </fieldset>
      <MutationButton
        type="primary"
        loading={isSaving}
        onClick={() =>
          save({
            grouping: { pivot, pivotIdentifier: pivot ? pivotIdentifier : null, aggregates },
          })
        }
      >
        Save
      </MutationButton>
    </Form>
  );
}
