import {
  SOURCE_SCHEDULES,
  type SelectedTable,
  type Source,
  type SourceSchedule,
} from '@revlane/contracts';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { ModalForm } from '@/common/ui/modal-form';
import { useUpdateSource } from '../api/update-source';
import { cleanSelectedTable, isSameSelection } from '../lib/selected-tables';
import {
  checkSourceForm,
  configOfForm,
  isConfigChanged,
  toFormFields,
  type SourceFormValues,
} from '../lib/source-form';
import { isFileSource } from '../lib/source-types';
import { CredentialFormFields } from './credential-form-fields';
import { SavedSourceTest } from './saved-source-test';
import { SourceTablesField } from './source-tables-field';

interface EditSourceDialogProps {
  source: Source;
  onClose: () => void;
}

const SCHEDULE_LABELS: Record<SourceSchedule, string> = {
  manual: 'Manual (Sync now only)',
  hourly: 'Every hour',
  daily: 'Every day',
};

/** The table picker and its per-table options need more room than a form's 520. */
const TABLES_DIALOG_WIDTH = 720;

type EditValues = SourceFormValues & { schedule: SourceSchedule };

/**
 * Name, credentials (a secret left blank keeps its value) with "Test connection", schedule,
 * and the tables to load; a file source has no connection and loads its one table whole.
 */
export function EditSourceDialog({ source, onClose }: EditSourceDialogProps) {
  const [form] = Form.useForm();
  const update = useUpdateSource(source.id);
  const [selectedTables, setSelectedTables] = useState<SelectedTable[]>(source.selectedTables);
  const config = Form.useWatch<SourceFormValues['config']>('config', { form, preserve: true });
  const isFile = isFileSource(source.type);

  const submit = () => {
    const values = form.getFieldsValue(true) as EditValues;
    // Secrets are optional in the contract: one left blank is not sent and keeps its value.
    const checked = checkSourceForm(source.type, values);
    if ('errors' in checked) {
      form.setFields(toFormFields(checked.errors));
      return;
    }
    return update.mutate(
      {
        name: checked.body.name,
        schedule: values.schedule,
        config: configOfForm(source.type, values),
        // Only a changed selection is sent: one the dialog could not read (the source was
        // unreachable) stays as saved.
        ...(isSameSelection(selectedTables, source.selectedTables)
          ? {}
          : { selectedTables: selectedTables.map(cleanSelectedTable) }),
      },
      {
        onSuccess: onClose,
        onError: (error) => form.setFields(toFormFields(error.fieldErrors)),
      },
    );
  };

  return (
    <ModalForm
      open
      title={`Edit ${source.name}`}
      onSubmit={submit}
      onDiscard={onClose}
      canSubmit
      isLoading={update.isPending}
      error={update.error?.message}
      submitText="Save"
      width={isFile ? undefined : TABLES_DIALOG_WIDTH}
    >
      <Form
        form={form}
        layout="vertical"
        component={false}
        initialValues={{
          name: source.name,
          schedule: source.schedule,
          config: source.config as SourceFormValues['config'],
        }}
      >
        <CredentialFormFields type={source.type} secretsSet={source.secretsSet} />
        {!isFile && (
          <SavedSourceTest
            sourceId={source.id}
            changes={
              config !== undefined && isConfigChanged(source.type, { config }, source.config)
                ? configOfForm(source.type, { config })
                : null
            }
          />
        )}
        <Form.Item name="schedule" label="Schedule">
          <Select
            options={SOURCE_SCHEDULES.map((value) => ({
              value,
              label: SCHEDULE_LABELS[value],
            }))}
          />
        </Form.Item>
      </Form>
      {!isFile && (
        <SourceTablesField source={source} value={selectedTables} onChange={setSelectedTables} />
      )}
    </ModalForm>
  );
}
