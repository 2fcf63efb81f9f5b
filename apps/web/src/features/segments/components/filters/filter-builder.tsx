import {
  DATA_TYPES,
  describeFilterValueProblem,
  type FilterCatalogue,
  type FilterOperator,
  type SegmentColumn,
  type SegmentFilter,
} from '@revlane/contracts';
import { Button, Form, Select } from 'antd';
import { useState } from 'react';
import { FilterValueInput } from './filter-value-input';
import { SEARCH_BY_LABEL } from './search-by-label';

interface FilterBuilderProps {
  catalogue: SegmentColumn[];
  /** The server's operators (`GET segments/filters`): labels, help, which fit each type. */
  operatorCatalogue: FilterCatalogue;
  onAdd: (filter: SegmentFilter) => void;
  /** Absent inside a group, whose own Cancel and Apply are the main actions. */
  onCancel?: () => void;
  submitLabel?: string;
  formLabel?: string;
}

/** Field → operator valid for its type (with help) → a value input fitting the operator. */
export function FilterBuilder({
  catalogue,
  operatorCatalogue,
  onAdd,
  onCancel,
  submitLabel = 'Apply filter',
  formLabel = 'Add a filter',
}: FilterBuilderProps) {
  const [field, setField] = useState<string>();
  const [operator, setOperator] = useState<FilterOperator>();
  const [value, setValue] = useState<unknown>();
  const [problem, setProblem] = useState<string | null>(null);
  const column = catalogue.find((candidate) => candidate.name === field);
  const dataType = operatorCatalogue.dataTypes.find((type) => type.id === column?.dataType);
  const definitionOf = (id: FilterOperator) =>
    operatorCatalogue.operators.find((candidate) => candidate.id === id);
  const operators = (dataType?.operators ?? []).flatMap((id) => definitionOf(id) ?? []);
  const takesValue = (id: FilterOperator) => definitionOf(id)?.value !== 'none';

  const chooseField = (name: string) => {
    setField(name);
    setOperator(undefined);
    setValue(undefined);
    setProblem(null);
  };
  const chooseOperator = (next: FilterOperator) => {
    setOperator(next);
    setValue(undefined);
    setProblem(null);
  };
  const apply = () => {
    if (!field || !operator) return;
    const filter: SegmentFilter = { field, operator, value };
    const needsValue = takesValue(operator);
    const isEmpty = value === undefined || value === '' || (Array.isArray(value) && !value.length);
    // The contract's own check decides; an empty field only gets a friendlier sentence.
    const contractProblem = describeFilterValueProblem(filter);
    const found = contractProblem && needsValue && isEmpty ? 'Enter a value.' : contractProblem;
    setProblem(found);
    if (!found) onAdd(needsValue ? filter : { field, operator });
  };

  return (
    <Form layout="vertical" className="w-80" onFinish={apply} aria-label={formLabel}>
      <Form.Item label="Field" htmlFor="filter-field">
        <Select
          id="filter-field"
          // The builder opens on a click or Enter: the user goes on with the field.
          autoFocus
          showSearch={SEARCH_BY_LABEL}
          placeholder="Pick a column"
          value={field}
          onChange={chooseField}
          options={catalogue.map((item) => ({
            value: item.name,
            label: item.label,
            help: DATA_TYPES[item.dataType],
          }))}
          // The data type's help text under each field (docs/product.md §3).
          optionRender={(option) => (
            <div>
              <div>{option.label}</div>
              <div className="text-xs whitespace-normal text-slate-500">{option.data.help}</div>
            </div>
          )}
        />
      </Form.Item>
      {column && (
        <Form.Item
          label="Operator"
          htmlFor="filter-operator"
          extra={
            operator ? (
              <span id="filter-operator-help">{definitionOf(operator)?.help}</span>
            ) : undefined
          }
        >
          <Select
            id="filter-operator"
            aria-describedby={operator ? 'filter-operator-help' : undefined}
            placeholder="Pick a condition"
            // Typing "greater than" and Enter picks it (docs/product.md §5).
            showSearch={SEARCH_BY_LABEL}
            virtual={false}
            value={operator}
            onChange={chooseOperator}
            options={operators.map(({ id, label, help }) => ({ value: id, label, help }))}
            optionRender={(option) => (
              <div>
                <div>{option.label}</div>
                <div className="text-xs whitespace-normal text-slate-500">{option.data.help}</div>
              </div>
            )}
          />
        </Form.Item>
      )}
      {column && operator && takesValue(operator) && (
        <Form.Item
          label="Value"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <FilterValueInput
            key={`${column.name}/${operator}`}
            column={column}
            operator={operator}
            value={value}
            onChange={(next) => {
              setValue(next);
              setProblem(null);
            }}
          />
        </Form.Item>
      )}
      {problem && operator && !takesValue(operator) && <p role="alert">{problem}</p>}
      <div className="flex justify-end gap-2">
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <Button type={onCancel ? 'primary' : 'default'} htmlType="submit" disabled={!operator}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
