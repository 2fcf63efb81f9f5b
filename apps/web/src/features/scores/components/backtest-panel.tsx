import {
  BACKTEST_DAYS_MAX,
  BACKTEST_HORIZON_MAX_DAYS,
  type BacktestOutcome,
  type FilterItem,
  type Score,
  type SegmentColumn,
} from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { Input, InputNumber, Radio, Select } from 'antd';
import { useId, useState } from 'react';
import { useApiClient } from '@/common/api';
import { columnCatalogueQuery } from '@/common/queries';
import { FormField } from '@/common/ui/form-field';
import { InlineAlert } from '@/common/ui/inline-alert';
import { MutationButton } from '@/common/ui/mutation-button';
import { SectionCard } from '@/common/ui/section-card';
import { useTableCohorts } from '../api/get-table-cohorts';
import { useRunBacktest } from '../api/run-backtest';
import { RECORD_NOUNS } from '../lib/describe-score';
import { fieldErrorOf } from '../lib/field-errors';
import type { FiltersFieldComponent } from '../lib/filters-field';
import { BacktestResultView } from './backtest-result';

type OutcomeKind = 'cohort' | 'filters' | 'event';

const OUTCOME_LABELS: Record<OutcomeKind, string> = {
  cohort: 'Entered a cohort',
  filters: 'Matched filters',
  event: 'Did an event',
};

const DEFAULT_HORIZON_DAYS = 30;

interface BacktestPanelProps {
  score: Score;
  FiltersField: FiltersFieldComponent;
}

/**
 * Does the score predict? The saved definition's score of each past day against whether the
 * record converted within the horizon: AUC, the top decile's lift, and the rates by decile
 * and grade (docs/product.md §2).
 */
export function BacktestPanel({ score, FiltersField }: BacktestPanelProps) {
  const [kind, setKind] = useState<OutcomeKind>('cohort');
  const [cohortId, setCohortId] = useState<string>();
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [event, setEvent] = useState('');
  const [horizonDays, setHorizonDays] = useState<number | null>(DEFAULT_HORIZON_DAYS);
  const outcomeLabel = useId();
  const cohorts = useTableCohorts(score.baseTable);
  const catalogue = useOutcomeCatalogue(score);
  const run = useRunBacktest(score.id);
  const errors = run.error?.fieldErrors;
  const noun = RECORD_NOUNS[score.baseTable];

  const outcome: BacktestOutcome | null =
    kind === 'cohort'
      ? cohortId
        ? { cohortId }
        : null
      : kind === 'filters'
        ? filters.length
          ? { filters }
          : null
        : event.trim()
          ? { event: event.trim() }
          : null;
  const start = () =>
    outcome && horizonDays !== null
      ? run.mutate({ outcome, horizonDays, days: BACKTEST_DAYS_MAX })
      : undefined;

  return (
    <SectionCard
      title="Back-test"
      description={`How well the saved score predicted which ${noun.many} converted: each past day's score against whether the ${noun.one} converted within the horizon.`}
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <span id={outcomeLabel} className="text-sm font-medium text-slate-800">
            Outcome
          </span>
          <Radio.Group
            aria-labelledby={outcomeLabel}
            value={kind}
            onChange={(change) => setKind(change.target.value as OutcomeKind)}
            options={(Object.keys(OUTCOME_LABELS) as OutcomeKind[]).map((value) => ({
              value,
              label: OUTCOME_LABELS[value],
            }))}
          />
        </div>
        {kind === 'cohort' && (
          <FormField label="Cohort" error={fieldErrorOf(errors, 'outcome.cohortId')}>
            {(id) => (
              <Select
                id={id}
                value={cohortId}
                loading={cohorts.isPending}
                placeholder={`A cohort of ${noun.many}`}
                showSearch={{ optionFilterProp: 'label' }}
                notFoundContent={
                  cohorts.isPending ? 'Loading the cohorts…' : `No cohorts of ${noun.many} yet`
                }
                options={cohorts.groups.map((group) => ({
                  label: group.segmentName,
                  title: group.segmentName,
                  options: group.cohorts.map((cohort) => ({
                    value: cohort.id,
                    label: cohort.name,
                  })),
                }))}
                onChange={(value: string) => setCohortId(value)}
              />
            )}
          </FormField>
        )}
        {kind === 'filters' && (
          <div role="group" aria-label="Outcome filters" className="flex flex-col gap-1">
            <span className="text-sm font-medium text-slate-800">{`Converted: the ${noun.one} matches`}</span>
            <FiltersField catalogue={catalogue} value={filters} onChange={setFilters} />
            {fieldErrorOf(errors, 'outcome.filters') && (
              <p role="alert" className="text-sm text-red-600">
                {fieldErrorOf(errors, 'outcome.filters')}
              </p>
            )}
          </div>
        )}
        {kind === 'event' && (
          <FormField label="Outcome event" error={fieldErrorOf(errors, 'outcome.event')}>
            {(id) => (
              <Input
                id={id}
                value={event}
                placeholder="subscription_upgraded"
                onChange={(change) => setEvent(change.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField label="Horizon (days)" error={fieldErrorOf(errors, 'horizonDays')}>
          {(id) => (
            <InputNumber
              id={id}
              className="!w-28"
              min={1}
              max={BACKTEST_HORIZON_MAX_DAYS}
              precision={0}
              value={horizonDays}
              onChange={(next) => setHorizonDays(typeof next === 'number' ? next : null)}
            />
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <MutationButton
            type="primary"
            disabled={outcome === null || horizonDays === null}
            onClick={start}
          >
            Run back-test
          </MutationButton>
          {run.isPending && (
            <span role="status" className="text-sm text-slate-500">
              Scoring the past days…
            </span>
          )}
        </div>
        {run.error && (
          <InlineAlert type="error" title="The back-test failed." description={run.error.message} />
        )}
        {run.data && !run.isPending && (
          <BacktestResultView result={run.data} table={score.baseTable} />
        )}
      </div>
    </SectionCard>
  );
}

/** The columns an outcome's filters may use: the base table's, the score's own left out. */
function useOutcomeCatalogue(score: Score): SegmentColumn[] | undefined {
  const query = columnCatalogueQuery(score.baseTable);
  return useQuery({
    ...query.options(useApiClient(query.service)),
    select: (columns) => {
      const own = new Set(Object.values(score.columns));
      return columns.filter((column) => !own.has(column.name));
    },
  }).data;
}
