import type { DiscoveredTable, SelectedTable } from '@revlane/contracts';
import { FormField } from '@/common/ui/form-field';
import { cleanSelectedTable, optionColumns } from '../lib/selected-tables';
import { ColumnSelect, type ColumnChoice } from './mapping/column-select';

interface TableOptionsProps {
  table: DiscoveredTable;
  value: SelectedTable;
  onChange: (table: SelectedTable) => void;
}

const choicesOf = (columns: DiscoveredTable['columns']): ColumnChoice[] =>
  columns.map((column) => ({ ...column, samples: [] }));

/**
 * How one database table loads: a cursor makes later syncs incremental, a primary key lets a
 * row loaded again replace its old copy, and left-out columns are never read. All optional.
 */
export function TableOptions({ table, value, onChange }: TableOptionsProps) {
  const columns = optionColumns(table, value);
  const change = (options: Partial<SelectedTable>) =>
    onChange(cleanSelectedTable({ ...value, ...options }));

  return (
    <section aria-label={`Options for ${table.name}`} className="grid gap-3 py-1 sm:grid-cols-2">
      <FormField
        label="Cursor column"
        help="Later syncs load only rows past the last value seen. Timestamp, date and integer columns."
      >
        {(id) => (
          <ColumnSelect
            id={id}
            value={value.cursorColumn}
            onChange={(next) =>
              change({ cursorColumn: typeof next === 'string' ? next : undefined })
            }
            choices={choicesOf(columns.cursor)}
            placeholder="None: every sync loads every row"
          />
        )}
      </FormField>
      <FormField label="Primary key" help="A row loaded again replaces the one with the same key.">
        {(id) => (
          <ColumnSelect
            id={id}
            value={value.primaryKey}
            onChange={(next) => change({ primaryKey: typeof next === 'string' ? next : undefined })}
            choices={choicesOf(columns.key)}
            placeholder="None"
          />
        )}
      </FormField>
      <FormField
        label="Leave out columns"
        help="These columns are not read from the source nor loaded."
        className="sm:col-span-2"
      >
        {(id) => (
          <ColumnSelect
            id={id}
            isMultiple
            value={value.excludeColumns ?? []}
            onChange={(next) => change({ excludeColumns: Array.isArray(next) ? next : [] })}
            choices={choicesOf(columns.excludable)}
            placeholder="None: every column loads"
          />
        )}
      </FormField>
    </section>
  );
}
