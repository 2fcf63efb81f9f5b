import type { PlayRun } from '@revlane/contracts';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { RunsCard } from '@/common/ui/runs-card';
import { usePlayRuns } from '../api/get-play';
import { RunSummary } from './last-run-summary';
import { RunItems } from './run-items';

/** The query parameter naming the opened run: the admins' notices link to it (ADR 0031). */
const RUN_PARAM = 'run';

interface PlayRunsProps {
  playId: string;
  /** Admins resend a run's failed items. */
  canEdit: boolean;
}

/**
 * The play's runs, newest first; one opens to its outcomes per record and action. The opened
 * run is `?run=<runId>` in the address, so a notice's link opens it (ADR 0031).
 */
export function PlayRuns({ playId, canEdit }: PlayRunsProps) {
  const runs = usePlayRuns(playId);
  const [searchParams, setSearchParams] = useSearchParams();
  const openRunId = searchParams.get(RUN_PARAM) ?? undefined;
  const toggle = (runId: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (openRunId === runId) next.delete(RUN_PARAM);
        else next.set(RUN_PARAM, runId);
        return next;
      },
      { replace: true },
    );
  return (
    <RunsCard
      runs={runs}
      emptyText={
        <>
          A run starts after the cohort's next snapshot brings new records in (or at the scheduled
          time). The first activation only notes who is in the cohort, unless it includes them.
        </>
      }
    >
      {(data) => (
        <ol aria-label="Runs" className="flex flex-col gap-3">
          {data.map((run) => (
            <RunRow
              key={run.id}
              playId={playId}
              run={run}
              canEdit={canEdit}
              isOpen={openRunId === run.id}
              onToggle={() => toggle(run.id)}
            />
          ))}
        </ol>
      )}
    </RunsCard>
  );
}

interface RunRowProps {
  playId: string;
  run: PlayRun;
  canEdit: boolean;
  isOpen: boolean;
  onToggle: () => void;
}

function RunRow({ playId, run, canEdit, isOpen, onToggle }: RunRowProps) {
  const name = `Run of ${formatTimestamp(run.startedAt)}`;
  const row = useRef<HTMLLIElement>(null);
  // A run opened by the link it was reached with sits below the definition: brought into view.
  const wasOpenAtFirst = useRef(isOpen);
  useEffect(() => {
    if (wasOpenAtFirst.current) row.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <li ref={row} aria-label={name} className="border-b border-slate-100 pb-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RunSummary run={run} />
        <Button size="small" aria-expanded={isOpen} onClick={onToggle}>
          {isOpen ? 'Hide outcomes' : 'Show outcomes'}
        </Button>
      </div>
      {isOpen && (
        <div className="mt-3">
          <RunItems playId={playId} runId={run.id} canEdit={canEdit} />
        </div>
      )}
    </li>
  );
}
