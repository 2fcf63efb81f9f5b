import type { LandedColumn, SyncTableReport } from '@revlane/contracts';
import { Table, type TableColumnsType } from 'antd';
import { DisclosureButton } from '@/common/ui';
import { useState } from 'react';
import { describeLandedAs } from '../lib/landed-types';

interface LandedColumnsProps {
  tables: SyncTableReport[];
}

const columns: TableColumnsType<LandedColumn> = [
  { title: 'Column', dataIndex: 'name' },
  { title: 'Source type', dataIndex: 'sourceType' },
  { title: 'Lands as', key: 'landedAs', render: (_v, column) => describeLandedAs(column.landedAs) },
  // Notes are sentences: a fixed width lets them wrap instead of widening the card.
  { title: 'Note', dataIndex: 'note', width: 240 },
];

/**
 * How each column of the last sync landed (its source type, the warehouse type, and what a
 * user should know, e.g. a dropped currency symbol), behind a toggle so the card stays
 * compact. Runs from before exact types report no columns: then there is nothing to show.
 */
export function LandedColumns({ tables }: LandedColumnsProps) {
  const [isOpen, setIsOpen] = useState(false);
  const described = tables.flatMap((table) =>
    table.columns ? [{ name: table.name, columns: table.columns }] : [],
  );
  if (described.length === 0) return null;

  return (
    <div className="flex flex-col gap-2">
      <DisclosureButton isOpen={isOpen} onToggle={() => setIsOpen((open) => !open)}>
        Columns
      </DisclosureButton>
      {isOpen &&
        described.map((table) => (
          <section key={table.name} aria-label={`Columns of ${table.name}`}>
            <h4 className="mb-1 truncate text-xs font-semibold text-slate-700">{table.name}</h4>
            <Table<LandedColumn>
              size="small"
              rowKey="warehouseName"
              pagination={false}
              // Wide tables scroll inside the card rather than stretching it.
              scroll={{ x: 'max-content', y: 240 }}
              dataSource={table.columns}
              columns={columns}
            />
          </section>
        ))}
    </div>
  );
}
