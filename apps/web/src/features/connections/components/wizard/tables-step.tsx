import type { DiscoveredTable, SourceType } from '@revlane/contracts';
import { Button, Table } from 'antd';
import { useState } from 'react';
import { Loader } from '@/common/ui/loader';
import { InlineAlert } from '@/common/ui/inline-alert';
import { useSourceTables } from '../../api/get-source-tables';
import { useStartSync } from '../../api/start-sync';
import { useUpdateSource } from '../../api/update-source';
import { SOURCE_TYPE_INFO } from '../../lib/source-types';
import { formatCount } from '../../lib/sync-status';
import { TablePreviewPanel } from './table-preview-panel';

interface TablesStepProps {
  type: SourceType;
  sourceId: string;
  /** A CSV upload's sync, already started by the transfer service. */
  startedSyncId?: string;
  onSyncing: (syncId: string, expectedRows: number | null) => void;
}

const summarizeColumns = (table: DiscoveredTable) => {
  const names = table.columns.map((column) => column.name);
  return names.length > 4
    ? `${names.slice(0, 4).join(', ')} +${names.length - 4}`
    : names.join(', ');
};

/** The sum of the chosen tables' row estimates, or null when one is unknown. */
function expectedRowsOf(tables: DiscoveredTable[], names: string[]): number | null {
  const chosen = tables.filter((table) => names.includes(table.name));
  if (chosen.some((table) => table.rowEstimate === null)) return null;
  return chosen.reduce((sum, table) => sum + (table.rowEstimate ?? 0), 0);
}

/**
 * What to load: several tables at once (the "batch"), each with its columns and a row
 * estimate, and a preview of the rows of the one in view.
 */
export function TablesStep({ type, sourceId, startedSyncId, onSyncing }: TablesStepProps) {
  const tables = useSourceTables(sourceId);
  const update = useUpdateSource(sourceId);
  const startSync = useStartSync();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const noun = SOURCE_TYPE_INFO[type].tablesNoun;
  const isFile = type === 'csv';

  if (tables.isPending) return <Loader label={`Reading the ${noun}`} />;
  if (tables.isError)
    return (
      <InlineAlert
        type="error"
        title={tables.error.message}
        action={<Button onClick={() => void tables.refetch()}>Try again</Button>}
      />
    );
  const all = tables.data;
  // A file is one table, loaded whole; elsewhere nothing is chosen until the user says.
  const selected = chosen ?? (isFile ? all.map((table) => table.name) : []);
  const inView = previewed ?? all[0]?.name ?? null;
  const expectedRows = expectedRowsOf(all, selected);

  const next = () => {
    if (startedSyncId) return onSyncing(startedSyncId, expectedRows);
    update.mutate(
      { selectedTables: selected.map((name) => ({ name })) },
      {
        onSuccess: () =>
          startSync.mutate(sourceId, { onSuccess: (syncId) => onSyncing(syncId, expectedRows) }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <Table<DiscoveredTable>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={all}
        scroll={{ y: 220 }}
        aria-label={`Available ${noun}`}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setChosen(keys.map(String)),
          getCheckboxProps: (table) => ({ disabled: isFile, name: table.name }),
        }}
        columns={[
          { title: 'Name', dataIndex: 'name', ellipsis: true },
          {
            title: 'Columns',
            key: 'columns',
            ellipsis: true,
            render: (_v, t) => summarizeColumns(t),
          },
          {
            title: 'Rows',
            key: 'rows',
            align: 'right',
            width: 110,
            render: (_v, t) => (t.rowEstimate === null ? '—' : `≈ ${formatCount(t.rowEstimate)}`),
          },
          {
            title: 'Preview',
            key: 'preview',
            width: 90,
            render: (_v, t) => (
              <Button
                size="small"
                type={t.name === inView ? 'primary' : 'default'}
                aria-label={`Preview ${t.name}`}
                onClick={() => setPreviewed(t.name)}
              >
                View
              </Button>
            ),
          },
        ]}
      />
      {inView && <TablePreviewPanel sourceId={sourceId} table={inView} />}
      {(update.error ?? startSync.error) && (
        <InlineAlert type="error" title={(update.error ?? startSync.error)!.message} />
      )}
      <div className="flex items-center justify-end gap-3">
        <span className="text-xs text-slate-500">{`${selected.length} selected`}</span>
        <Button
          type="primary"
          disabled={selected.length === 0}
          loading={update.isPending || startSync.isPending}
          onClick={next}
        >
          {startedSyncId ? 'Next' : 'Start sync'}
        </Button>
      </div>
    </div>
  );
}
