import type { DiscoveredTable, SelectedTable, SourceType } from '@revlane/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Loader } from '@/common/ui/loader';
import { InlineAlert } from '@/common/ui/inline-alert';
import { MutationButton } from '@/common/ui/mutation-button';
import { useSourceTables } from '../../api/get-source-tables';
import { useStartSync } from '../../api/start-sync';
import { useUpdateSource } from '../../api/update-source';
import { cleanSelectedTable } from '../../lib/selected-tables';
import { isFileSource, SOURCE_TYPE_INFO } from '../../lib/source-types';
import { TablePicker } from '../table-picker';
import { TablePreviewPanel } from './table-preview-panel';

interface TablesStepProps {
  type: SourceType;
  sourceId: string;
  /** A CSV upload's sync, already started by the transfer service. */
  startedSyncId?: string;
  onSyncing: (syncId: string, expectedRows: number | null) => void;
}

/** The sum of the chosen tables' row estimates, or null when one is unknown. */
function expectedRowsOf(tables: DiscoveredTable[], chosen: SelectedTable[]): number | null {
  const names = chosen.map((table) => table.name);
  const picked = tables.filter((table) => names.includes(table.name));
  if (picked.some((table) => table.rowEstimate === null)) return null;
  return picked.reduce((sum, table) => sum + (table.rowEstimate ?? 0), 0);
}

/**
 * What to load (the table picker, with each database table's options) and a preview of the
 * rows of the one in view; then the first sync starts.
 */
export function TablesStep({ type, sourceId, startedSyncId, onSyncing }: TablesStepProps) {
  const tables = useSourceTables(sourceId);
  const update = useUpdateSource(sourceId);
  const startSync = useStartSync();
  const [chosen, setChosen] = useState<SelectedTable[] | null>(null);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const noun = SOURCE_TYPE_INFO[type].tablesNoun;

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
  const selected = chosen ?? (isFileSource(type) ? all.map(({ name }) => ({ name })) : []);
  const inView = previewed ?? all[0]?.name ?? null;
  const expectedRows = expectedRowsOf(all, selected);

  const next = () => {
    if (startedSyncId) return onSyncing(startedSyncId, expectedRows);
    return update.mutate(
      { selectedTables: selected.map(cleanSelectedTable) },
      {
        onSuccess: () =>
          void startSync.mutate(sourceId, {
            onSuccess: (syncId) => onSyncing(syncId, expectedRows),
          }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <TablePicker
        type={type}
        tables={all}
        value={selected}
        onChange={setChosen}
        preview={{ inView, onView: setPreviewed }}
      />
      {inView && <TablePreviewPanel sourceId={sourceId} table={inView} />}
      {(update.error ?? startSync.error) && (
        <InlineAlert type="error" title={(update.error ?? startSync.error)!.message} />
      )}
      <div className="flex items-center justify-end gap-3">
        <span className="text-xs text-slate-500">{`${selected.length} selected`}</span>
        <MutationButton
          type="primary"
          disabled={selected.length === 0}
          loading={update.isPending || startSync.isPending}
          onClick={next}
        >
          {startedSyncId ? 'Next' : 'Start sync'}
        </MutationButton>
      </div>
    </div>
  );
}
