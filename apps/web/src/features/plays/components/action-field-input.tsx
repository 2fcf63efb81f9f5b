import { AutoComplete, Input, InputNumber } from 'antd';
import { useSlackChannels } from '@/common/queries';
import { FormField } from '@/common/ui/form-field';
import type { FieldSpec } from '../lib/action-drafts';
import { fieldErrorOf } from '../lib/field-errors';
import type { EditorContext } from './editor-context';
import { TemplateInput } from './template-input';

interface ActionFieldInputProps {
  field: FieldSpec;
  /** `actions.<i>`: where the API's 400 names this action's fields. */
  path: string;
  value: string | number;
  onChange: (value: string | number) => void;
  context: EditorContext;
}

/** One field of an action, with the API's refusal of it right under it. */
export function ActionFieldInput({ field, path, value, onChange, context }: ActionFieldInputProps) {
  return (
    <FormField label={field.label} error={fieldErrorOf(context.errors, `${path}.${field.name}`)}>
      {(id) => {
        switch (field.kind) {
          case 'template':
            return (
              <TemplateInput
                id={id}
                label={field.label}
                value={String(value)}
                onChange={onChange}
                entity={context.entity}
                columns={context.columns}
                sample={context.sample}
                isDisabled={context.isDisabled}
                isMultiline={field.name !== 'subject' && field.name !== 'email'}
              />
            );
          case 'number':
            return (
              <InputNumber
                id={id}
                min={0}
                max={365}
                value={Number(value)}
                disabled={context.isDisabled}
                onChange={(next) => onChange(next ?? 0)}
              />
            );
          case 'slackChannel':
            return (
              <SlackChannelInput
                id={id}
                value={String(value)}
                onChange={onChange}
                isDisabled={context.isDisabled}
              />
            );
          default:
            return (
              <Input
                id={id}
                value={String(value)}
                placeholder={field.placeholder}
                disabled={context.isDisabled}
                onChange={(event) => onChange(event.target.value)}
              />
            );
        }
      }}
    </FormField>
  );
}

/** A channel id, offered from the connected Slack workspace when there is one. */
function SlackChannelInput({
  id,
  value,
  onChange,
  isDisabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  isDisabled: boolean;
}) {
  const channels = useSlackChannels();
  return (
    <AutoComplete
      id={id}
      value={value}
      disabled={isDisabled}
      placeholder="Channel id, e.g. C0123456789"
      options={channels.data?.map((channel) => ({
        value: channel.id,
        label: `#${channel.name} (${channel.id})`,
      }))}
      onChange={(next: string) => onChange(next)}
    />
  );
}
