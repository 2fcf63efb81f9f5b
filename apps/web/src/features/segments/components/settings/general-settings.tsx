import {
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_NAME_MAX,
  type FilterItem,
  type SegmentDetail,
  isSameFilters,
} from '@revlane/contracts';
import { Button, Form, Input, Switch } from 'antd';
import { useColumnCatalogue } from '../../api/get-column-catalogue';
import { UnsavedChangesPrompt } from '@/common/ui';
import { useSaveSettings } from '../../hooks/use-save-settings';
import { BaseFiltersField } from './base-filters-field';
import { SettingsError } from './settings-error';

interface GeneralValues {
  name: string;
  description: string;
  filters: FilterItem[];
  disabled: boolean;
}

interface GeneralSettingsProps {
  segment: SegmentDetail;
}

/** The form field a server error path (`body.name`, `body.filters[0].value`) belongs to. */
function fieldOfPath(path: string): keyof GeneralValues | undefined {
  const [first] = path.replace(/^body\./, '').split(/[.[]/);
  const fields: (keyof GeneralValues)[] = ['name', 'description', 'filters', 'disabled'];
  return fields.find((field) => field === first);
}

/** Whether the form differs from the saved segment (asked about before leaving, ADR 0013). */
function isChanged(values: Partial<GeneralValues> | undefined, segment: SegmentDetail) {
  if (!values) return false;
  return (
    (values.name !== undefined && values.name !== segment.name) ||
    (values.description !== undefined && values.description !== segment.description) ||
    (values.disabled !== undefined && values.disabled !== segment.disabled) ||
    (values.filters !== undefined && !isSameFilters(values.filters, segment.filters))
  );
}

const nameTooLong = `A name has at most ${SEGMENT_NAME_MAX} characters`;

/** Name, description, base filters (the segment's definition) and whether it is active. */
export function GeneralSettings({ segment }: GeneralSettingsProps) {
  const [form] = Form.useForm<GeneralValues>();
  const watched = Form.useWatch([], form) as Partial<GeneralValues> | undefined;
  const catalogue = useColumnCatalogue(segment.baseTable);
  const { save, isSaving, error } = useSaveSettings(segment.id);
  const submit = (values: GeneralValues) =>
    save(
      {
        name: values.name.trim(),
        description: values.description.trim(),
        // Sent only when changed: each change of the definition is a new version.
        ...(isSameFilters(values.filters, segment.filters) ? {} : { filters: values.filters }),
        disabled: values.disabled,
      },
      (failure) => {
        // 409: the name is taken; the message belongs beside the name.
        if (failure.status === 409) {
          form.setFields([{ name: 'name', errors: [failure.message] }]);
          return;
        }
        const byField = new Map<keyof GeneralValues, string[]>();
        for (const item of failure.fieldErrors) {
          const field = fieldOfPath(item.path);
          if (field) byField.set(field, [...(byField.get(field) ?? []), item.message]);
        }
        form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
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
        filters: segment.filters,
        disabled: segment.disabled,
      }}
      onFinish={submit}
    >
      <SettingsError error={error} />
      <UnsavedChangesPrompt isDirty={isChanged(watched, segment)} />
      <Form.Item
        name="name"
        label="Name"
        rules={[
          { required: true, whitespace: true, message: 'Name is required' },
          // Counted, never cut: a longer name is refused with a reason (the server too).
          { max: SEGMENT_NAME_MAX, message: nameTooLong },
        ]}
      >
        <Input showCount={{ formatter: ({ count }) => `${count} / ${SEGMENT_NAME_MAX}` }} />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea maxLength={SEGMENT_DESCRIPTION_MAX} showCount rows={3} />
      </Form.Item>
      <Form.Item label="Base table">
        <span className="capitalize">{segment.baseTable}</span>
      </Form.Item>
      <Form.Item
        name="filters"
        label="Base filters"
        extra="The segment's definition: its rows, counts, exports, cohorts and trends only include records matching every filter (of a “Match any of” group, any one of its conditions)."
      >
        <BaseFiltersField catalogue={catalogue.data} />
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
