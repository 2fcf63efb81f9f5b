import { Checkbox, Input, Radio, Select } from 'antd';
import { useMemo } from 'react';
import { FormField } from '@/common/ui/form-field';
import { fieldErrorOf } from '../lib/field-errors';
import type { PlayDraft } from '../lib/play-draft';
import { SCHEDULE_FLAG_NOTE, useCanEditSchedule } from '../lib/use-schedule-flag';
import { CohortPicker } from './cohort-picker';
import type { EditorContext } from './editor-context';

interface TriggerEditorProps {
  draft: PlayDraft;
  onChange: (changes: Partial<PlayDraft>) => void;
  context: EditorContext;
}

/**
 * Name, cohort and trigger. The schedule (cron and time zone) is editable only with the flag
 * `edit_play_schedule` (ADR 0024); without it, it is shown read-only with a note naming it.
 */
export function TriggerEditor({ draft, onChange, context }: TriggerEditorProps) {
  const isFlagOn = useCanEditSchedule();
  const canSchedule = isFlagOn && !context.isDisabled;
  const errorOf = (field: string) => fieldErrorOf(context.errors, field);
  const timeZones = useMemo(
    () => Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone })),
    [],
  );
  return (
    <div className="flex flex-col gap-4">
      <FormField label="Name" error={errorOf('name')}>
        {(id) => (
          <Input
            id={id}
            value={draft.name}
            maxLength={100}
            disabled={context.isDisabled}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        )}
      </FormField>
      <CohortPicker
        segmentId={draft.segmentId}
        cohortId={draft.cohortId}
        isDisabled={context.isDisabled}
        error={errorOf('trigger.cohortId')}
        onChange={(choice) => onChange(choice)}
      />
      <FormField label="Run" error={errorOf('trigger.type')}>
        {(id) => (
          <Radio.Group
            id={id}
            value={draft.triggerType}
            disabled={context.isDisabled}
            onChange={(event) =>
              onChange({ triggerType: event.target.value as PlayDraft['triggerType'] })
            }
            options={[
              { value: 'cohort_entered', label: 'When records enter the cohort' },
              { value: 'schedule', label: 'On a schedule', disabled: !canSchedule },
            ]}
          />
        )}
      </FormField>
      {draft.triggerType === 'schedule' &&
        (canSchedule ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Cron"
              help="Five fields: minute hour day month weekday, e.g. 0 9 * * 1"
              error={errorOf('trigger.cron')}
            >
              {(id) => (
                <Input
                  id={id}
                  value={draft.cron}
                  onChange={(event) => onChange({ cron: event.target.value })}
                />
              )}
            </FormField>
            <FormField label="Time zone" error={errorOf('trigger.timezone')}>
              {(id) => (
                <Select
                  id={id}
                  showSearch
                  value={draft.timezone}
                  options={timeZones}
                  onChange={(timezone: string) => onChange({ timezone })}
                />
              )}
            </FormField>
          </div>
        ) : (
          <p aria-label="Schedule" className="text-sm text-slate-700">
            {`Schedule: ${draft.cron} (${draft.timezone})`}
          </p>
        ))}
      {!isFlagOn && <p className="text-sm text-slate-500">{SCHEDULE_FLAG_NOTE}</p>}
      <Checkbox
        checked={draft.includeExisting}
        disabled={context.isDisabled}
        onChange={(event) => onChange({ includeExisting: event.target.checked })}
      >
        Also act on the records already in the cohort when the play is first activated
      </Checkbox>
      <FormField label="A record that enters again" error={errorOf('reentry')}>
        {(id) => (
          <Radio.Group
            id={id}
            value={draft.reentry}
            disabled={context.isDisabled}
            onChange={(event) => onChange({ reentry: event.target.value as PlayDraft['reentry'] })}
            options={[
              { value: 'once', label: 'Is acted on only the first time' },
              { value: 'every_entry', label: 'Is acted on every time' },
            ]}
          />
        )}
      </FormField>
    </div>
  );
}
