import { TableOutlined } from '@ant-design/icons';
import { DATA_TYPES, type SegmentColumn } from '@revlane/contracts';
import { Button, Checkbox, Popover } from 'antd';
import { MutationButton } from '@/common/ui/mutation-button';

interface ColumnPickerProps {
  catalogue: SegmentColumn[];
  selected: string[];
  onChange: (columns: string[]) => void;
  /** Saves the shown columns as the segment's own (its Columns setting), ADR 0013. */
  onSaveDefault?: () => void | Promise<unknown>;
}

/** Which columns the table shows; at least one stays selected. */
export function ColumnPicker({ catalogue, selected, onChange, onSaveDefault }: ColumnPickerProps) {
  const toggle = (name: string, isChecked: boolean) => {
    const next = isChecked
      ? // Keep the catalogue's order for newly shown columns, after the current ones.
        [...selected, name]
      : selected.filter((column) => column !== name);
    if (next.length > 0) onChange(next);
  };
  const content = (
    <fieldset className="max-h-96 w-64 overflow-y-auto">
      <legend className="sr-only">Columns to show</legend>
      {catalogue.map((column) => (
        <div key={column.name} className="py-0.5">
          <Checkbox
            checked={selected.includes(column.name)}
            disabled={selected.length === 1 && selected[0] === column.name}
            onChange={(event) => toggle(column.name, event.target.checked)}
          >
            {column.label}
            {/* The data type's help text (docs/product.md §3), read with the checkbox. */}
            <span className="block text-xs text-slate-500">{DATA_TYPES[column.dataType]}</span>
          </Checkbox>
        </div>
      ))}
    </fieldset>
  );
  const footer = onSaveDefault && (
    <MutationButton type="link" className="mt-2 px-0" onClick={onSaveDefault}>
      Save as default columns
    </MutationButton>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="Columns"
      content={
        <>
          {content}
          {footer}
        </>
      }
    >
      <Button icon={<TableOutlined aria-hidden="true" />}>Columns</Button>
    </Popover>
  );
}
