import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ACTIVATION_FIELDS_MAX,
  type DestinationField,
  type FieldError,
  type SegmentColumn,
} from '@revlane/contracts';
import { Button, Select } from 'antd';
import { FormField } from '@/common/ui/form-field';
import { newFieldDraft, type FieldDraft } from '../lib/activation-draft';
import { fieldErrorOf } from '../lib/field-errors';

export const columnOptions = (columns: SegmentColumn[]) =>
  columns.map((column) => ({ value: column.name, label: column.label }));

/** "MRR__c · currency": the field and the provider's type, so a value is sent to its like. */
export const fieldOptions = (fields: DestinationField[], taken: ReadonlySet<string> = new Set()) =>
  fields.map((field) => ({
    value: field.name,
    label: `${field.name} · ${field.type}`,
    title: field.label,
    disabled: taken.has(field.name),
  }));

interface FieldMappingEditorProps {
  rows: FieldDraft[];
  columns: SegmentColumn[];
  /** The destination's writable fields. */
  fields: DestinationField[];
  isLoadingFields: boolean;
  errors: FieldError[] | undefined;
  onChange: (rows: FieldDraft[]) => void;
}

/** Which cohort column goes to which destination field: rows added and removed freely. */
export function FieldMappingEditor({
  rows,
  columns,
  fields,
  isLoadingFields,
  errors,
  onChange,
}: FieldMappingEditorProps) {
  const listError = fieldErrorOf(errors, 'fields', { exact: true });
  const change = (index: number, next: Partial<FieldDraft>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...next } : row)));
  return (
    <div className="flex flex-col gap-4">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          No fields yet: the activation only matches records. Add a field to write a column to it.
        </p>
      ) : (
        <ol aria-label="Field mapping" className="flex flex-col gap-3">
          {rows.map((row, index) => {
            // A field takes one column: the others' fields are offered but not choosable.
            const taken = new Set(
              rows.flatMap((other, at) => (at !== index && other.field ? [other.field] : [])),
            );
            const name = `Field ${index + 1}`;
            return (
              <li
                key={row.uid}
                aria-label={name}
                className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
              >
                <FormField
                  label="Cohort column"
                  error={fieldErrorOf(errors, `fields.${index}.column`)}
                >
                  {(id) => (
                    <Select
                      id={id}
                      value={row.column}
                      placeholder="Choose a column"
                      showSearch={{ optionFilterProp: 'label' }}
                      options={columnOptions(columns)}
                      onChange={(column: string) => change(index, { column })}
                    />
                  )}
                </FormField>
                <FormField
                  label="Destination field"
                  error={
                    fieldErrorOf(errors, `fields.${index}.field`) ??
                    fieldErrorOf(errors, `fields.${index}`, { exact: true })
                  }
                >
                  {(id) => (
                    <Select
                      id={id}
                      value={row.field}
                      loading={isLoadingFields}
                      placeholder="Choose a field"
                      showSearch={{ optionFilterProp: 'label' }}
                      options={fieldOptions(fields, taken)}
                      onChange={(field: string) => change(index, { field })}
                    />
                  )}
                </FormField>
                <Button
                  className="sm:mt-6"
                  aria-label={`Remove ${name.toLowerCase()}`}
                  icon={<DeleteOutlined aria-hidden="true" />}
                  onClick={() => onChange(rows.filter((_, at) => at !== index))}
                />
              </li>
            );
          })}
        </ol>
      )}
      {listError && (
        <p role="alert" className="text-sm text-red-600">
          {listError}
        </p>
      )}
      <div>
        <Button
          icon={<PlusOutlined aria-hidden="true" />}
          disabled={rows.length >= ACTIVATION_FIELDS_MAX}
          onClick={() => onChange([...rows, newFieldDraft()])}
        >
          Add field
        </Button>
      </div>
    </div>
  );
}
