import type { CohortChangeKind } from '@revlane/contracts';
import { Input } from 'antd';
import { useState, type ReactNode } from 'react';
import type { RecordVocabulary } from '../../lib/record-vocabulary';
import { utcDaysAgo } from '../../lib/utc-day';
import { ChangeList } from './change-list';

/** A week back: long enough to see movement, short enough to read through. */
const DEFAULT_SINCE_DAYS = 7;

/** The export control of one list; the page passes the segments' export in (ADR 0013). */
export type RenderChangesExport = (change: CohortChangeKind, since: string) => ReactNode;

interface CohortChangesProps {
  cohortId: string;
  vocabulary: RecordVocabulary;
  renderExport?: RenderChangesExport;
}

/**
 * Who entered and who left the cohort since a chosen day (membership snapshots' diff), each
 * list paged on its own and exportable.
 */
export function CohortChanges({ cohortId, vocabulary, renderExport }: CohortChangesProps) {
  const [since, setSince] = useState(() => utcDaysAgo(DEFAULT_SINCE_DAYS));
  const today = utcDaysAgo(0);
  const list = (title: string, change: CohortChangeKind) => (
    // Keyed by the day: another day starts again at page 1.
    <ChangeList
      key={`${change}:${since}`}
      title={title}
      request={{ cohortId, since, change }}
      vocabulary={vocabulary}
      exportControl={renderExport?.(change, since)}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Since
        <Input
          type="date"
          className="!w-44"
          value={since}
          max={today}
          // An emptied or half-typed date keeps the last complete one.
          onChange={(event) => event.target.value && setSince(event.target.value)}
        />
      </label>
      {/* Side by side only where each list keeps room for its record columns and dates. */}
      <div className="grid gap-6 2xl:grid-cols-2">
        {list('Entered', 'entered')}
        {list('Left', 'left')}
      </div>
    </div>
  );
}
