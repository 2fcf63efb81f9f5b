import {
  BASE_TABLES,
  SCORE_NAME_MAX,
  type BaseTable,
  type Score,
  type SegmentColumn,
} from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Radio } from 'antd';
import { useId, useMemo } from 'react';
import { getErrorText, useApiClient } from '@/common/api';
import { columnCatalogueQuery } from '@/common/queries';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { FormField } from '@/common/ui/form-field';
import { SectionCard } from '@/common/ui/section-card';
import { UnsavedChangesPrompt } from '@/common/ui/unsaved-changes-prompt';
import { useDraftForm } from '@/common/ui/use-draft-form';
import { useScores } from '../api/get-scores';
import { useCreateScore, useUpdateScore } from '../api/save-score';
import { BASE_TABLE_LABELS } from '../lib/describe-score';
import { fieldErrorOf } from '../lib/field-errors';
import type { FiltersFieldComponent } from '../lib/filters-field';
import {
  emptyScoreDraft,
  isReady,
  toCreateBody,
  toPreviewBody,
  toScoreDraft,
  toUpdateBody,
  type ScoreDraft,
} from '../lib/score-draft';
import { BehaviourRulesEditor } from './behaviour-rules-editor';
import { FitRulesEditor } from './fit-rules-editor';
import { GradesEditor } from './grades-editor';
import { ScorePreviewPanel } from './score-preview-panel';

interface ScoreEditorProps {
  /** The score to change; none: a new one. */
  score?: Score;
  /** Admins save; members may try changes in the preview, not save them. */
  canEdit: boolean;
  FiltersField: FiltersFieldComponent;
  /** Called once the form has let go of its unsaved state, so leaving the page is not asked. */
  onSaved: (score: Score) => void;
  onCancel?: () => void;
}

/**
 * A score's whole definition, saved with one POST (new) or PATCH (a new version), beside a
 * preview of how today's records would score. The API's 400 entries show next to the inputs
 * they name (`fit[0].filters[0].field` under the first fit rule's filters).
 */
export function ScoreEditor({ score, canEdit, FiltersField, onSaved, onCancel }: ScoreEditorProps) {
  const { draft, isDirty, change, markSaved } = useDraftForm<ScoreDraft, Score>(
    () => (score ? toScoreDraft(score) : emptyScoreDraft()),
    onSaved,
  );
  const create = useCreateScore();
  const update = useUpdateScore(score?.id ?? '');
  const save = score ? update : create;
  const errors = save.error?.fieldErrors;
  const baseTableLabel = useId();

  const catalogue = useCatalogue(draft.baseTable, score);
  const eventSuggestions = useEventSuggestions();

  // Another table has other columns: the fit rules' filters are let go, their points kept.
  const changeBaseTable = (baseTable: BaseTable) =>
    change({ baseTable, fit: draft.fit.map((rule) => ({ ...rule, filters: [] })) });

  const submit = () => {
    if (!isReady(draft)) return undefined;
    return score
      ? update.mutate(toUpdateBody(draft), { onSuccess: markSaved })
      : create.mutate(toCreateBody(draft), { onSuccess: markSaved });
  };

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <UnsavedChangesPrompt isDirty={isDirty} />
      <div className="flex min-w-0 flex-col gap-6">
        <SectionCard title="Score">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" error={fieldErrorOf(errors, 'name')}>
              {(id) => (
                <Input
                  id={id}
                  value={draft.name}
                  maxLength={SCORE_NAME_MAX}
                  onChange={(event) => change({ name: event.target.value })}
                />
              )}
            </FormField>
            <div className="flex flex-col gap-1">
              <span id={baseTableLabel} className="text-sm font-medium text-slate-800">
                Base table
              </span>
              <Radio.Group
                aria-labelledby={baseTableLabel}
                value={draft.baseTable}
                disabled={score !== undefined}
                optionType="button"
                onChange={(event) => changeBaseTable(event.target.value as BaseTable)}
                options={BASE_TABLES.map((table) => ({
                  value: table,
                  label: BASE_TABLE_LABELS[table],
                }))}
              />
              <span className="text-xs text-slate-500">
                {score
                  ? 'Fixed once the score exists.'
                  : 'Whose records it scores; fixed once created.'}
              </span>
              {fieldErrorOf(errors, 'baseTable') && (
                <p role="alert" className="text-sm text-red-600">
                  {fieldErrorOf(errors, 'baseTable')}
                </p>
              )}
            </div>
          </div>
        </SectionCard>
        <SectionCard
          title="Fit rules"
          description="Points for who a record is: each rule's points count when the record matches its filters."
        >
          <FitRulesEditor
            rules={draft.fit}
            catalogue={catalogue}
            FiltersField={FiltersField}
            errors={errors}
            onChange={(fit) => change({ fit })}
          />
          {fieldErrorOf(errors, 'fit', { exact: true }) && (
            <p role="alert" className="mt-2 text-sm text-red-600">
              {fieldErrorOf(errors, 'fit', { exact: true })}
            </p>
          )}
        </SectionCard>
        <SectionCard
          title="Behaviour rules"
          description="Points for what a record does: per event, fading to none over its lifespan, up to the cap."
        >
          <BehaviourRulesEditor
            rules={draft.behaviour}
            eventSuggestions={eventSuggestions}
            errors={errors}
            onChange={(behaviour) => change({ behaviour })}
          />
        </SectionCard>
        <SectionCard
          title="Grades"
          description="A record gets the highest grade its score reaches."
        >
          <GradesEditor
            grades={draft.grades}
            hasCustomGrades={draft.hasCustomGrades}
            errors={errors}
            onChange={(grades, hasCustomGrades) => change({ grades, hasCustomGrades })}
          />
        </SectionCard>
        <div className="flex flex-wrap items-center gap-3">
          <AdminOnlyButton
            canEdit={canEdit}
            action={score ? 'change scores' : 'create scores'}
            type="primary"
            disabled={!isReady(draft) || (score !== undefined && !isDirty)}
            onClick={submit}
          >
            {score ? 'Save changes' : 'Create score'}
          </AdminOnlyButton>
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
          {save.error && (
            <p role="alert" className="text-sm text-red-600">
              {getErrorText(save.error.body) ?? save.error.message}
            </p>
          )}
          {score && !isDirty && save.isSuccess && (
            <p role="status" className="text-sm text-slate-600">
              {`Saved as version ${score.version}.`}
            </p>
          )}
        </div>
      </div>
      <div className="min-w-0">
        <div className="xl:sticky xl:top-6">
          <ScorePreviewPanel body={toPreviewBody(draft)} />
        </div>
      </div>
    </div>
  );
}

/** The base table's columns a fit rule may filter on: all but the score's own three. */
function useCatalogue(table: BaseTable, score: Score | undefined): SegmentColumn[] | undefined {
  const query = columnCatalogueQuery(table);
  const columns = useQuery(query.options(useApiClient(query.service))).data;
  return useMemo(() => {
    if (!columns || !score) return columns;
    const own = new Set(Object.values(score.columns));
    return columns.filter((column) => !own.has(column.name));
  }, [columns, score]);
}

/** The events other scores already give points for: suggested, any other name typed. */
function useEventSuggestions(): string[] {
  const scores = useScores();
  return useMemo(
    () =>
      [
        ...new Set((scores.data ?? []).flatMap((one) => one.behaviour.map((rule) => rule.event))),
      ].sort(),
    [scores.data],
  );
}
