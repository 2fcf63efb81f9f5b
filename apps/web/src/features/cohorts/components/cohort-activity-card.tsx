import { Tabs } from 'antd';
import { useId, useState } from 'react';
import type { RecordVocabulary } from '../lib/record-vocabulary';
import { CohortChanges, type RenderChangesExport } from './changes/cohort-changes';
import { CohortHistory } from './history/cohort-history';
import { MembersTrend } from './trend/members-trend';
import { TrendRangePicker, type TrendRange } from './trend/trend-range-picker';

type ActivityTab = 'trend' | 'changes' | 'history';

interface CohortActivityCardProps {
  segmentId: string;
  cohortId: string;
  vocabulary: RecordVocabulary;
  /** Its past days are being back-filled (ADR 0013). */
  isHistoryPending: boolean;
  renderExport?: RenderChangesExport;
}

/**
 * What the cohort did, above its table: the members trend at a fixed height (shown first),
 * who entered and left, and its definition history, one at a time, so the page stays within
 * two screens and the table keeps its place (docs/architecture.md §6).
 */
export function CohortActivityCard({
  segmentId,
  cohortId,
  vocabulary,
  isHistoryPending,
  renderExport,
}: CohortActivityCardProps) {
  const [tab, setTab] = useState<ActivityTab>('trend');
  const [days, setDays] = useState<TrendRange>(30);
  // Its own ids: each tab names its panel (aria-labelledby), also beside other tabs.
  const id = useId();
  return (
    <section
      aria-label="Cohort activity"
      className="rounded-2xl bg-white px-4 pb-4 shadow-sm ring-1 ring-slate-200"
    >
      <Tabs
        id={id}
        activeKey={tab}
        onChange={(key) => setTab(key as ActivityTab)}
        tabBarExtraContent={
          tab === 'trend' ? <TrendRangePicker value={days} onChange={setDays} /> : undefined
        }
        items={[
          {
            key: 'trend',
            label: 'Members over time',
            children: (
              <MembersTrend
                segmentId={segmentId}
                cohortId={cohortId}
                days={days}
                isHistoryPending={isHistoryPending}
              />
            ),
          },
          {
            key: 'changes',
            label: 'Entered / Left',
            children: (
              <CohortChanges
                cohortId={cohortId}
                vocabulary={vocabulary}
                renderExport={renderExport}
              />
            ),
          },
          {
            key: 'history',
            label: 'Definition history',
            children: <CohortHistory cohortId={cohortId} vocabulary={vocabulary} />,
          },
        ]}
      />
    </section>
  );
}
