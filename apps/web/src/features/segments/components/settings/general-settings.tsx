import { SEGMENT_DESCRIPTION_MAX, SEGMENT_NAME_MAX, type SegmentDetail } from '@revlane/contracts';
import { Button, Form, Input, Switch } from 'antd';
import { useSaveSettings } from '../../hooks/use-save-settings';
import { SettingsError } from './settings-error';

interface GeneralValues {
  name: string;
  description: string;
  disabled: boolean;
}

interface GeneralSettingsProps {
  segment: SegmentDetail;
  onSaved?: () => void;
}

const FIELD_OF_PATH: Record<string, keyof GeneralValues> = {
  name: 'name',
  description: 'description',
  disabled: 'disabled',
};

/** Name, description and whether the segment is active. */
export function GeneralSettings({ segment, onSaved }: GeneralSettingsProps) {
  const [form] = Form.useForm<GeneralValues>();
  const { save, isSaving, error } = useSaveSettings(segment.id, onSaved);
  const submit = (values: GeneralValues) =>
    save(
      {
        name: values.name.trim(),
        description: values.description.trim(),
        disabled: values.disabled,
      },
      (failure) => {
        const byField = failure.fieldErrors.filter((item) => FIELD_OF_PATH[item.path]);
        // 409: the name is taken; the message belongs beside the name.
        const fields =
          failure.status === 409
            ? [{ name: 'name' as const, errors: [failure.message] }]
            : byField.map((item) => ({ name: FIELD_OF_PATH[item.path]!, errors: [item.message] }));
        form.setFields(fields);
      },
    );
  return (
    <Form<GeneralValues>
      form={form}
      layout="vertical"
      className="max-w-xl"
      aria-label="General settings"
      initialValues={{
        name: segment.name,
        description: segment.description,
        disabled: segment.disabled,
      }}
      onFinish={submit}
    >
      <SettingsError error={error} />
      <Form.Item
        name="name"
        label="Name"
        rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
      >
        <Input maxLength={SEGMENT_NAME_MAX} />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea maxLength={SEGMENT_DESCRIPTION_MAX} showCount rows={3} />
      </Form.Item>
      <Form.Item label="Base table">
        <span className="capitalize">{segment.baseTable}</span>
      </Form.Item>
      <Form.Item
        name="disabled"
        label="Disabled"
        valuePropName="checked"
        extra="A disabled segment stays in the menu, flagged, and is not refreshed."
      >
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isSaving}>
        Save
      </Button>
    </Form>
  );
}
