import type { RecordColumn, SegmentRow } from '@revlane/contracts';
import { Fragment } from 'react';
import { SectionCard } from '@/common/ui/section-card';
import { groupColumns } from '../lib/column-groups';
import type { ValueCellComponent } from '../lib/record-display';

const GRID_BY_COUNT = ['', '', 'lg:grid-cols-2', 'lg:grid-cols-3'];

interface RecordColumnsProps {
  columns: RecordColumn[];
  record: SegmentRow;
  ValueCell: ValueCellComponent;
}

/** The record's values in "Product usage", "CRM" and "Custom" cards, as the table shows them. */
export function RecordColumns({ columns, record, ValueCell }: RecordColumnsProps) {
  const sections = groupColumns(columns);
  if (sections.length === 0) return null;
  return (
    <div className={`grid gap-6 ${GRID_BY_COUNT[sections.length] ?? ''}`}>
      {sections.map((section) => (
        <SectionCard key={section.group} title={section.title}>
          <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-2 text-sm">
            {section.columns.map((column) => (
              <Fragment key={column.name}>
                <dt className="truncate text-slate-500" title={column.description || undefined}>
                  {column.label}
                </dt>
                <dd className="min-w-0 break-words text-slate-900">
                  <ValueCell column={column} value={record[column.name]} />
                </dd>
              </Fragment>
            ))}
          </dl>
        </SectionCard>
      ))}
    </div>
  );
}
