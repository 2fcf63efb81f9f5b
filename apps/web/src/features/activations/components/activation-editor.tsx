import {
  ACTIVATION_MODES,
  ACTIVATION_NAME_MAX,
  ACTIVATION_ON_LEAVE,
  ACTIVATION_SCHEDULES,
  type Activation,
  type ActivationProvider,
} from '@revlane/contracts';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import { getErrorText } from '@/common/api';
import { FormField } from '@/common/ui/form-field';
import { MutationButton } from '@/common/ui/mutation-button';
import { SectionCard } from '@/common/ui/section-card';
import { UnsavedChangesPrompt } from '@/common/ui/unsaved-changes-prompt';
import { useDraftForm } from '@/common/ui/use-draft-form';
import { useDestinationFields, useDestinationObjects } from '../api/get-destinations';
import { useCohortColumns, useCohortGroups } from '../api/get-editor-choices';
import { useCreateActivation, useUpdateActivation } from '../api/save-activation';
import {
  emptyDraft,
  isReady,
  toActivationBody,
  toActivationDraft,
  type ActivationDraft,
} from '../lib/activation-draft';
import {
  MODE_HELP,
  MODE_LABELS,
  ON_LEAVE_LABELS,
  SCHEDULE_LABELS,
} from '../lib/describe-activation';
import { fieldErrorOf } from '../lib/field-errors';
import { ChoiceField } from './choice-field';
import { CohortSelect } from './cohort-select';
import { DestinationPicker } from './destination-picker';
import { columnOptions, FieldMappingEditor, fieldOptions } from './field-mapping-editor';

interface ActivationEditorProps {
  /** The activation to change; none: a new one. */
  activation?: Activation;
  /** Called once the form has let go of its unsaved state, so leaving the page is not asked. */
  onSaved: (activation: Activation) => void;
  onCancel: () => void;
}

/**
 * An activation's whole definition, saved with one POST (new) or PATCH; the API's 400 entries
 * show under the inputs they name (`fields.0.field` under the first mapping row's field).
 */
export function ActivationEditor({ activation, onSaved, onCancel }: ActivationEditorProps) {
  const { draft, isDirty, change, markSaved } = useDraftForm<ActivationDraft, Activation>(
    () => (activation ? toActivationDraft(activation) : emptyDraft()),
    onSaved,
  );
  // A typed sheet's fields are read for what was typed once the input is left, not per key.
  const [sheet, setSheet] = useState(draft.object);
  const create = useCreateActivation();
  const update = useUpdateActivation(activation?.id ?? '');
  const save = activation ? update : create;
  const errors = save.error?.fieldErrors;

  const cohorts = useCohortGroups();
  const segmentId = cohorts.groups.find((group) =>
    group.cohorts.some((cohort) => cohort.id === draft.cohortId),
  )?.segmentId;
  const columns = useCohortColumns(segmentId);
  const objects = useDestinationObjects(draft.provider);
  const fieldsObject = draft.provider === 'google_sheets' ? sheet.trim() : draft.object;
  const fields = useDestinationFields(draft.provider, fieldsObject);
  const identifying = fields.data?.filter((field) => field.identifying) ?? [];
  const writable = fields.data?.filter((field) => field.writable) ?? [];

  // Another destination has other fields: the chosen ones are let go, the columns kept.
  const clearFields = (current: ActivationDraft) => ({
    matchField: undefined,
    fields: current.fields.map((row) => ({ ...row, field: undefined })),
  });
  const changeProvider = (provider: ActivationProvider) => {
    change({ provider, object: '', ...clearFields(draft) });
    setSheet('');
  };
  const changeObject = (object: string) =>
    change(draft.provider === 'google_sheets' ? { object } : { object, ...clearFields(draft) });

  const submit = () => {
    if (!isReady(draft)) return undefined;
    const body = toActivationBody(draft);
    return activation
      ? update.mutate(body, { onSuccess: markSaved })
      : create.mutate(body, { onSuccess: markSaved });
  };

  return (
    <div className="flex flex-col gap-6">
      <UnsavedChangesPrompt isDirty={isDirty} />
      <SectionCard title="Cohort">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" error={fieldErrorOf(errors, 'name')}>
            {(id) => (
              <Input
                id={id}
                value={draft.name}
                maxLength={ACTIVATION_NAME_MAX}
                onChange={(event) => change({ name: event.target.value })}
              />
            )}
          </FormField>
          <FormField label="Cohort" error={fieldErrorOf(errors, 'cohortId')}>
            {(id) => (
              <CohortSelect
                id={id}
                groups={cohorts.groups}
                isLoading={cohorts.isPending}
                value={draft.cohortId}
                savedName={activation?.cohortName}
                onChange={(cohortId) => change({ cohortId })}
              />
            )}
          </FormField>
        </div>
      </SectionCard>
      <SectionCard title="Destination">
        <DestinationPicker
          provider={draft.provider}
          object={draft.object}
          objects={objects}
          fieldsError={fields.error}
          onRetryFields={() => void fields.refetch()}
          onProviderChange={changeProvider}
          onObjectChange={changeObject}
          onSheetCommit={() => {
            if (sheet === draft.object) return;
            setSheet(draft.object);
            change(clearFields(draft));
          }}
          errors={{
            provider:
              fieldErrorOf(errors, 'destination.provider') ??
              fieldErrorOf(errors, 'destination', { exact: true }),
            object: fieldErrorOf(errors, 'destination.object'),
          }}
        />
      </SectionCard>
      <SectionCard
        title="Match"
        description="Which cohort column identifies a record at the destination, and in which of its fields."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Cohort column" error={fieldErrorOf(errors, 'match.column')}>
            {(id) => (
              <Select
                id={id}
                value={draft.matchColumn}
                loading={columns.isPending}
                placeholder={draft.cohortId ? 'Choose a column' : 'Choose a cohort first'}
                showSearch={{ optionFilterProp: 'label' }}
                options={columnOptions(columns.columns)}
                onChange={(matchColumn: string) => change({ matchColumn })}
              />
            )}
          </FormField>
          <FormField
            label="Destination field"
            error={
              fieldErrorOf(errors, 'match.field') ?? fieldErrorOf(errors, 'match', { exact: true })
            }
          >
            {(id) => (
              <Select
                id={id}
                value={draft.matchField}
                loading={fields.isFetching}
                placeholder={fieldsObject ? 'Choose a field' : 'Choose the destination first'}
                showSearch={{ optionFilterProp: 'label' }}
                notFoundContent="No field of this object can identify a record"
                options={fieldOptions(identifying)}
                onChange={(matchField: string) => change({ matchField })}
              />
            )}
          </FormField>
        </div>
      </SectionCard>
      <SectionCard title="Field mapping" description="The cohort columns written to each record.">
        <FieldMappingEditor
          rows={draft.fields}
          columns={columns.columns}
          fields={writable}
          isLoadingFields={fields.isFetching}
          errors={errors}
          onChange={(rows) => change({ fields: rows })}
        />
      </SectionCard>
      <SectionCard title="Sync">
        <div className="grid gap-6 sm:grid-cols-2">
          <ChoiceField
            label="Mode"
            value={draft.mode}
            error={fieldErrorOf(errors, 'mode')}
            onChange={(mode) => change({ mode })}
            options={ACTIVATION_MODES.map((mode) => ({
              value: mode,
              label: (
                <span>
                  <span className="font-medium">{MODE_LABELS[mode]}</span>
                  <span className="text-slate-500">{` — ${MODE_HELP[mode]}`}</span>
                </span>
              ),
            }))}
          />
          <div className="flex flex-col gap-6">
            <ChoiceField
              label="Schedule"
              value={draft.schedule}
              error={fieldErrorOf(errors, 'schedule')}
              onChange={(schedule) => change({ schedule })}
              options={ACTIVATION_SCHEDULES.map((schedule) => ({
                value: schedule,
                label: SCHEDULE_LABELS[schedule],
              }))}
            />
            {draft.mode === 'mirror' && (
              <ChoiceField
                label="On leave"
                value={draft.onLeave}
                error={fieldErrorOf(errors, 'onLeave')}
                onChange={(onLeave) => change({ onLeave })}
                options={ACTIVATION_ON_LEAVE.map((onLeave) => ({
                  value: onLeave,
                  label: ON_LEAVE_LABELS[onLeave],
                }))}
              />
            )}
          </div>
        </div>
      </SectionCard>
      <div className="flex flex-wrap items-center gap-3">
        <MutationButton type="primary" disabled={!isReady(draft)} onClick={submit}>
          {activation ? 'Save changes' : 'Create activation'}
        </MutationButton>
        <Button onClick={onCancel}>Cancel</Button>
        {save.error && (
          <p role="alert" className="text-sm text-red-600">
            {getErrorText(save.error.body) ?? save.error.message}
          </p>
        )}
      </div>
    </div>
  );
}
