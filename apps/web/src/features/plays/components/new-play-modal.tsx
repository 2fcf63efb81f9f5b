import type { Play } from '@revlane/contracts';
import { Input, Radio } from 'antd';
import { useState } from 'react';
import { getErrorText } from '@/common/api';
import { FormField } from '@/common/ui/form-field';
import { ModalForm } from '@/common/ui/modal-form';
import { useCreatePlay } from '../api/save-play';
import { fieldErrorOf } from '../lib/field-errors';
import { SCHEDULE_FLAG_NOTE, useCanEditSchedule } from '../lib/use-schedule-flag';
import { CohortPicker } from './cohort-picker';

interface NewPlayModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (play: Play) => void;
}

/** "New play": a name, a cohort and the trigger; the actions come on the play's page. */
export function NewPlayModal(props: NewPlayModalProps) {
  // Mounted only while open, so each opening starts empty.
  return props.open ? <NewPlayForm {...props} /> : null;
}

function NewPlayForm({ onClose, onCreated }: NewPlayModalProps) {
  const [name, setName] = useState('');
  const [cohort, setCohort] = useState<{ segmentId?: string; cohortId?: string }>({});
  const [isScheduled, setScheduled] = useState(false);
  const create = useCreatePlay();
  const canSchedule = useCanEditSchedule();
  const errors = create.error?.fieldErrors;

  const submit = () =>
    create.mutate(
      {
        name: name.trim(),
        trigger: isScheduled
          ? { type: 'schedule', cohortId: cohort.cohortId!, cron: '0 9 * * 1', timezone: 'UTC' }
          : { type: 'cohort_entered', cohortId: cohort.cohortId! },
      },
      { onSuccess: (play) => onCreated(play) },
    );

  return (
    <ModalForm
      open
      title="New play"
      onSubmit={submit}
      onDiscard={onClose}
      canSubmit={Boolean(name.trim() && cohort.cohortId)}
      isLoading={create.isPending}
      error={create.error ? (getErrorText(create.error.body) ?? create.error.message) : undefined}
      submitText="Create play"
    >
      <div className="flex flex-col gap-4">
        <FormField label="Name" error={fieldErrorOf(errors, 'name')}>
          {(id) => (
            <Input
              id={id}
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <CohortPicker
          segmentId={cohort.segmentId}
          cohortId={cohort.cohortId}
          onChange={setCohort}
          error={fieldErrorOf(errors, 'trigger.cohortId')}
        />
        <FormField
          label="Trigger"
          help={
            canSchedule
              ? "A schedule starts as every Monday at 09:00 UTC; change it on the play's page."
              : SCHEDULE_FLAG_NOTE
          }
        >
          {(id) => (
            <Radio.Group
              id={id}
              value={isScheduled ? 'schedule' : 'cohort_entered'}
              onChange={(event) => setScheduled(event.target.value === 'schedule')}
              options={[
                { value: 'cohort_entered', label: 'When records enter the cohort' },
                { value: 'schedule', label: 'On a schedule', disabled: !canSchedule },
              ]}
            />
          )}
        </FormField>
      </div>
    </ModalForm>
  );
}
