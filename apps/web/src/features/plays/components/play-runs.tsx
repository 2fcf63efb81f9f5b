import { ReloadOutlined } from '@ant-design/icons';
import type { PlayRun } from '@revlane/contracts';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { SectionCard } from '@/common/ui/section-card';
import { usePlayRuns } from '../api/get-play';
import { RunSummary } from './last-run-summary';
import { RunItems } from './run-items';

/** The play's runs, newest first; one opens to its outcomes per record and action. */
export function PlayRuns({ playId }: { playId: string }) {
  const runs = usePlayRuns(playId);
  const [openRunId, setOpenRunId] = useState<string>();
  const refresh = (
    <Button
      size="small"
      icon={<ReloadOutlined aria-hidden="true" />}
      loading={runs.isFetching}
      onClick={() => void runs.refetch()}
    >
      Refresh
    </Button>
  );
  return (
    <SectionCard title="Runs" description={refresh}>
      {runs.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : runs.isError ? (
        <LoadError title="The runs could not be loaded." onRetry={() => void runs.refetch()} />
      ) : runs.data.length === 0 ? (
        <EmptyState title="No runs yet">
          A run starts after the cohort's next snapshot brings new records in (or at the scheduled
          time). The first activation only notes who is in the cohort, unless it includes them.
        </EmptyState>
      ) : (
        <ol aria-label="Runs" className="flex flex-col gap-3">
          {runs.data.map((run) => (
            <RunRow
              key={run.id}
              playId={playId}
              run={run}
              isOpen={openRunId === run.id}
              onToggle={() => setOpenRunId(openRunId === run.id ? undefined : run.id)}
            />
          ))}
        </ol>
      )}
    </SectionCard>
  );
}

interface RunRowProps {
  playId: string;
  run: PlayRun;
  isOpen: boolean;
  onToggle: () => void;
}

function RunRow({ playId, run, isOpen, onToggle }: RunRowProps) {
  const name = `Run of ${formatTimestamp(run.startedAt)}`;
  return (
    <li aria-label={name} className="border-b border-slate-100 pb-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RunSummary run={run} />
        <Button size="small" aria-expanded={isOpen} onClick={onToggle}>
          {isOpen ? 'Hide outcomes' : 'Show outcomes'}
        </Button>
      </div>
      {isOpen && (
        <div className="mt-3">
          <RunItems playId={playId} runId={run.id} />
        </div>
      )}
    </li>
  );
}
