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
        // The record's columns share what "When" leaves and truncate (full text on hover):
        // a date is never the part that gets clipped.
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="max-w-0 truncate py-1 pr-3 font-medium">
                    {vocabulary.columnLabel(column)}
                  </th>
                ))}
                <th scope="col" className="py-1 font-medium">
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
                      <td key={column} title={text} className="max-w-0 truncate py-1 pr-3">
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
