import type { SelectedTable, Source } from '@revlane/contracts';
import { Button } from 'antd';
import { useId } from 'react';
import { InlineAlert } from '@/common/ui/inline-alert';
import { Loader } from '@/common/ui/loader';
import { useSourceTables } from '../api/get-source-tables';
import { SOURCE_TYPE_INFO } from '../lib/source-types';
import { TablePicker } from './table-picker';

interface SourceTablesFieldProps {
  source: Source;
  value: SelectedTable[];
  onChange: (tables: SelectedTable[]) => void;
}

/**
 * The edit dialog's tables: what the saved source offers, read live, in the wizard's picker.
 * A source that cannot be read (a wrong password) says why; its other fields stay editable.
 */
export function SourceTablesField({ source, value, onChange }: SourceTablesFieldProps) {
  const titleId = useId();
  const tables = useSourceTables(source.id);
  const noun = SOURCE_TYPE_INFO[source.type].tablesNoun;

  return (
    <section aria-labelledby={titleId} className="mb-4">
      <h3 id={titleId} className="mb-2 text-sm font-medium text-slate-800">
        {`${noun.charAt(0).toUpperCase()}${noun.slice(1)} to load`}
      </h3>
      {tables.isPending && <Loader label={`Reading the ${noun}`} />}
      {tables.isError && (
        <InlineAlert
          type="error"
          title={`The ${noun} could not be read`}
          description={tables.error.message}
          action={
            <Button size="small" onClick={() => void tables.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {tables.data && (
        <TablePicker type={source.type} tables={tables.data} value={value} onChange={onChange} />
      )}
    </section>
  );
}
