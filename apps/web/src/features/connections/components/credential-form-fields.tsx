import { SOURCE_NAME_MAX, TLS_MODES, type SourceType } from '@revlane/contracts';
import { Form, Input, InputNumber, Select } from 'antd';
import { CREDENTIAL_FIELDS, TLS_MODE_LABELS, type CredentialField } from '../lib/credential-fields';

interface CredentialFormFieldsProps {
  type: SourceType;
  /** Secret fields that hold a value already (edit): blank keeps it. */
  secretsSet?: readonly string[];
}

interface FieldInputProps {
  field: CredentialField;
  isSet: boolean;
}

/** Form.Item hands its child `id`, `value` and `onChange`: they go on to the control. */
function FieldInput({ field, isSet, ...control }: FieldInputProps & Record<string, unknown>) {
  switch (field.kind) {
    case 'secret':
      return (
        <Input.Password
          {...control}
          autoComplete="new-password"
          placeholder={isSet ? 'Set — leave blank to keep it' : field.placeholder}
        />
      );
    case 'port':
      return (
        <InputNumber
          {...control}
          min={1}
          max={65535}
          placeholder={field.placeholder}
          className="!w-32"
        />
      );
    case 'tls':
      return (
        <Select
          {...control}
          options={TLS_MODES.map((mode) => ({ value: mode, label: TLS_MODE_LABELS[mode] }))}
        />
      );
    default:
      return <Input {...control} placeholder={field.placeholder} autoComplete="off" />;
  }
}

/**
 * The source's name and its type's credential fields, named as the contracts' config
 * (`config.host`, …), so a 400's paths land on the fields they name.
 */
export function CredentialFormFields({ type, secretsSet = [] }: CredentialFormFieldsProps) {
  return (
    <>
      <Form.Item name="name" label="Name" required>
        <Input maxLength={SOURCE_NAME_MAX} autoComplete="off" />
      </Form.Item>
      {CREDENTIAL_FIELDS[type].map((field) => (
        <Form.Item
          key={field.name}
          name={['config', field.name]}
          label={field.label}
          required={field.required}
          extra={field.help}
        >
          <FieldInput field={field} isSet={secretsSet.includes(field.name)} />
        </Form.Item>
      ))}
    </>
  );
}
