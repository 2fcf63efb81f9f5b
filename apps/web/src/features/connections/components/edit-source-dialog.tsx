import { SOURCE_SCHEDULES, type Source, type SourceSchedule } from '@revlane/contracts';
import { Form, Select } from 'antd';
import { ModalForm } from '@/common/ui/modal-form';
import { useUpdateSource } from '../api/update-source';
import {
  checkSourceForm,
  configOfForm,
  toFormFields,
  type SourceFormValues,
} from '../lib/source-form';
import { CredentialFormFields } from './credential-form-fields';

interface EditSourceDialogProps {
  source: Source;
  onClose: () => void;
}

const SCHEDULE_LABELS: Record<SourceSchedule, string> = {
  manual: 'Manual (Sync now only)',
  hourly: 'Every hour',
  daily: 'Every day',
};

type EditValues = SourceFormValues & { schedule: SourceSchedule };

/** Name, schedule and credentials of a source; a secret left blank keeps its value. */
export function EditSourceDialog({ source, onClose }: EditSourceDialogProps) {
  const [form] = Form.useForm();
  const update = useUpdateSource(source.id);
  const submit = () => {
    const values = form.getFieldsValue(true) as EditValues;
    // Secrets are optional in the contract: one left blank is not sent and keeps its value.
    const checked = checkSourceForm(source.type, values);
    if ('errors' in checked) {
      form.setFields(toFormFields(checked.errors));
      return;
    }
    update.mutate(
      {
        name: checked.body.name,
        schedule: values.schedule,
        config: configOfForm(source.type, values),
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
        <Form.Item name="schedule" label="Schedule">
          <Select
            options={SOURCE_SCHEDULES.map((value) => ({
              value,
              label: SCHEDULE_LABELS[value],
            }))}
          />
        </Form.Item>
      </Form>
    </ModalForm>
  );
}
