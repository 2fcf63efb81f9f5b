import type { Notification, TestSend } from '@revlane/contracts';
import { Checkbox, Input, InputNumber, Radio, Select } from 'antd';
import { useState } from 'react';
import { getErrorText } from '@/common/api';
import { useCohortChoices, useMySegments, useSlackChannels } from '@/common/queries';
import { ModalForm } from '@/common/ui/modal-form';
import { MutationButton } from '@/common/ui/mutation-button';
import { FormField } from '@/common/ui/form-field';
import { useCreateAlert, useSendTest, useUpdateAlert } from '../api/save-alert';
import {
  channelsOf,
  initialValues,
  missingField,
  toCreateBody,
  toUpdateBody,
  type AlertFormValues,
} from '../lib/alert-form';
import { CHANNEL_LABELS } from '../lib/describe-alert';

interface AlertFormModalProps {
  open: boolean;
  onClose: () => void;
  /** Editing this alert; a new one otherwise. */
  alert?: Notification;
  /** A new alert's segment and cohort, e.g. from the cohort page's "Alert me". */
  preset?: { segmentId?: string; cohortId?: string };
  onSaved?: (alert: Notification) => void;
}

/** "New alert" / "Edit alert": segment → cohort → type → threshold → channels, and "Send test". */
export function AlertFormModal(props: AlertFormModalProps) {
  // Mounted only while open, so every opening starts from the alert (or the preset) again.
  return props.open ? <AlertForm {...props} /> : null;
}

function AlertForm({ onClose, alert, preset, onSaved }: AlertFormModalProps) {
  const [values, setValues] = useState<AlertFormValues>(() => initialValues(alert, preset));
  const set = (changes: Partial<AlertFormValues>) => setValues((prev) => ({ ...prev, ...changes }));
  const create = useCreateAlert();
  const update = useUpdateAlert(alert?.id ?? '');
  const save = alert ? update : create;
  const test = useSendTest();
  const segments = useMySegments();
  const cohorts = useCohortChoices(values.segmentId);
  const slackChannels = useSlackChannels();
  const missing = missingField(values);
  const fieldError = (field: string) =>
    save.error?.fieldErrors.find((error) => error.path.replace(/^body\./, '').startsWith(field))
      ?.message;

  const submit = () => {
    const onSuccess = (saved: Notification) => {
      onSaved?.(saved);
      onClose();
    };
    return alert
      ? update.mutate(toUpdateBody(values), { onSuccess })
      : create.mutate(toCreateBody(values), { onSuccess });
  };

  return (
    <ModalForm
      open
      title={alert ? 'Edit alert' : 'New alert'}
      onSubmit={submit}
      onDiscard={onClose}
      canSubmit={missing === null}
      isLoading={save.isPending}
      error={save.error ? (getErrorText(save.error.body) ?? save.error.message) : undefined}
      submitText={alert ? 'Save' : 'Create alert'}
    >
      <div className="flex flex-col gap-4">
        <FormField label="Name" error={fieldError('name')}>
          {(id) => (
            <Input
              id={id}
              value={values.name}
              maxLength={100}
              onChange={(event) => set({ name: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Segment" error={fieldError('segmentId')}>
          {(id) => (
            <Select
              id={id}
              value={values.segmentId}
              disabled={Boolean(alert)}
              loading={segments.isPending}
              placeholder="Choose a segment"
              options={segments.data?.map((segment) => ({
                value: segment.id,
                label: segment.name,
              }))}
              onChange={(segmentId: string) => set({ segmentId, cohortId: undefined })}
            />
          )}
        </FormField>
        <FormField label="Cohort" error={fieldError('cohortId')}>
          {(id) => (
            <Select
              id={id}
              value={values.cohortId}
              disabled={!values.segmentId}
              loading={cohorts.isFetching}
              placeholder={values.segmentId ? 'Choose a cohort' : 'Choose a segment first'}
              notFoundContent="This segment has no saved cohorts yet"
              options={cohorts.data?.map((cohort) => ({ value: cohort.id, label: cohort.name }))}
              onChange={(cohortId: string) => set({ cohortId })}
            />
          )}
        </FormField>
        <FormField label="Alert when" error={fieldError('type')}>
          {(id) => (
            <Radio.Group
              id={id}
              value={values.type}
              onChange={(event) => set({ type: event.target.value as AlertFormValues['type'] })}
              options={[
                { value: 'new', label: 'New records enter the cohort' },
                { value: 'less', label: 'The cohort gets smaller' },
              ]}
            />
          )}
        </FormField>
        {values.type === 'less' && (
          <FormField label="Threshold" error={fieldError('threshold')}>
            {(id) => (
              <div className="flex gap-2">
                <Select
                  id={id}
                  className="min-w-40"
                  value={values.thresholdKind}
                  onChange={(thresholdKind: AlertFormValues['thresholdKind']) =>
                    set({ thresholdKind })
                  }
                  options={[
                    { value: 'any', label: 'Any decrease' },
                    { value: 'count', label: 'Drop of at least (records)' },
                    { value: 'percent', label: 'Drop of at least (%)' },
                  ]}
                />
                {values.thresholdKind !== 'any' && (
                  <InputNumber
                    aria-label="Threshold value"
                    min={values.thresholdKind === 'percent' ? 0.1 : 1}
                    max={values.thresholdKind === 'percent' ? 100 : undefined}
                    value={values.thresholdValue}
                    onChange={(thresholdValue) => set({ thresholdValue })}
                  />
                )}
              </div>
            )}
          </FormField>
        )}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">Channels</legend>
          <Checkbox
            checked={values.inApp}
            onChange={(event) => set({ inApp: event.target.checked })}
          >
            In app (your Alerts inbox)
          </Checkbox>
          <FormField
            label="Slack channel"
            error={fieldError('channels.slack')}
            help={
              slackChannels.data?.length === 0
                ? 'Connect Slack on the Connections page to pick a channel.'
                : undefined
            }
          >
            {(id) => (
              <Select
                id={id}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                value={values.slackChannelId}
                placeholder="No Slack message"
                loading={slackChannels.isPending}
                options={slackChannels.data?.map((channel) => ({
                  value: channel.id,
                  label: `#${channel.name}`,
                }))}
                onChange={(slackChannelId?: string) => set({ slackChannelId })}
              />
            )}
          </FormField>
          <FormField label="Email addresses" error={fieldError('channels.email')}>
            {(id) => (
              <Select
                id={id}
                mode="tags"
                value={values.email}
                placeholder="No email"
                tokenSeparators={[',', ' ']}
                open={false}
                onChange={(email: string[]) => set({ email })}
              />
            )}
          </FormField>
          {fieldError('channels') && (
            <p role="alert" className="text-sm text-red-600">
              {fieldError('channels')}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col gap-2">
          <div>
            <MutationButton
              onClick={() =>
                test.mutate({
                  name: values.name.trim() || 'New alert',
                  type: values.type,
                  channels: channelsOf(values),
                })
              }
              disabled={missing === 'a channel'}
            >
              Send test
            </MutationButton>
          </div>
          {test.data && <TestResults results={test.data.results} />}
          {test.error && (
            <p role="alert" className="text-sm text-red-600">
              {getErrorText(test.error.body) ?? test.error.message}
            </p>
          )}
        </div>
        {missing && <p className="text-sm text-slate-500">{`To save, add ${missing}.`}</p>}
      </div>
    </ModalForm>
  );
}

function TestResults({ results }: { results: TestSend['results'] }) {
  return (
    <ul aria-label="Test results" className="flex flex-col gap-1 text-sm">
      {results.map((result) => (
        <li
          key={`${result.channel}:${result.target}`}
          className={result.ok ? 'text-green-700' : 'text-red-600'}
        >
          {`${CHANNEL_LABELS[result.channel]}${result.channel === 'inApp' ? '' : ` ${result.target}`}: ${
            result.ok ? 'sent' : `failed (${result.error ?? 'unknown error'})`
          }`}
        </li>
      ))}
    </ul>
  );
}
