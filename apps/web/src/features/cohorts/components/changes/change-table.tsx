import type { CohortChanges } from '@revlane/contracts';
import type { RecordVocabulary } from '../../lib/record-vocabulary';
import { formatTimestamp } from '@/common/lib/format-timestamp';

type ChangeRow = CohortChanges['entered']['rows'][number];

interface ChangeTableProps {
  rows: ChangeRow[];
  vocabulary: RecordVocabulary;
}

/** The record's key columns, in the order the first row lists them (id is only a key). */
function keyColumns(rows: ChangeRow[]): string[] {
  const columns = new Set(rows.flatMap((row) => Object.keys(row.record)));
  if (columns.size > 1) columns.delete('id');
  return [...columns];
}

/** Records that entered (or left) the cohort: when, and who they are. */
export function ChangeTable({ rows, vocabulary }: ChangeTableProps) {
  const columns = keyColumns(rows);
  return (
    <>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Nobody.</p>
      ) : (
        // A fixed layout: "When" has the width of the longest date, the record's columns share
        // the rest equally and truncate (full text on hover), so neither a date nor a whole
        // column is what gets squeezed out.
        <div className="overflow-x-auto">
          <table className="w-full table-fixed text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="truncate py-1 pr-3 font-medium">
                    {vocabulary.columnLabel(column)}
                  </th>
                ))}
                <th scope="col" className="w-60 py-1 font-medium">
                  When
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr
                  key={`${String(row.record.id ?? index)}:${row.changedAt}`}
                  className="border-t border-slate-100"
                >
                  {columns.map((column) => {
                    const text = vocabulary.formatValue(row.record[column]);
                    return (
                      <td key={column} title={text} className="truncate py-1 pr-3">
                        {text}
                      </td>
                    );
                  })}
                  <td className="py-1 whitespace-nowrap text-slate-600">
                    {formatTimestamp(row.changedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
