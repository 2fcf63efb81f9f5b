import type { Source, SourceType } from '@revlane/contracts';
import { Button, Form } from 'antd';
import { InlineAlert } from '@/common/ui/inline-alert';
import { MutationButton } from '@/common/ui/mutation-button';
import { useCreateSource } from '../../api/create-source';
import { useTestSourceConfig } from '../../api/test-source-config';
import { SOURCE_TYPE_INFO } from '../../lib/source-types';
import { checkSourceForm, toFormFields, type SourceFormValues } from '../../lib/source-form';
import { CredentialFormFields } from '../credential-form-fields';
import { TestResultAlert } from '../test-result-alert';
import { ServiceAccountAddress } from './service-account-address';

interface CredentialsStepProps {
  type: Exclude<SourceType, 'csv'>;
  onBack: () => void;
  onCreated: (source: Source) => void;
}

/**
 * Where the source is and how to sign in. "Test connection" tries the unsaved config
 * (`POST sources/test`) and shows its `{ ok, message }`; "Next" saves the source. Both
 * check the form with the contract first, so errors appear next to their fields.
 */
export function CredentialsStep({ type, onBack, onCreated }: CredentialsStepProps) {
  const [form] = Form.useForm();
  const test = useTestSourceConfig();
  const create = useCreateSource();

  const checked = () => {
    const result = checkSourceForm(type, form.getFieldsValue(true) as SourceFormValues);
    // Earlier messages go; only what is wrong now is shown.
    form.setFields(form.getFieldsError().map(({ name }) => ({ name, errors: [] as string[] })));
    if ('errors' in result) {
      form.setFields(toFormFields(result.errors));
      return null;
    }
    return result.body;
  };
  const runTest = () => {
    const body = checked();
    if (body)
      return test.mutate(body, {
        onError: (error) => form.setFields(toFormFields(error.fieldErrors)),
      });
  };
  const next = () => {
    const body = checked();
    if (body)
      void create.mutate(body, {
        onSuccess: onCreated,
        onError: (error) => form.setFields(toFormFields(error.fieldErrors)),
      });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      aria-label={`${SOURCE_TYPE_INFO[type].label} credentials`}
      initialValues={{
        name: '',
        config: type === 'postgres' || type === 'mysql' ? { tlsMode: 'prefer' } : {},
      }}
      onFinish={next}
    >
      {type === 'google_sheets' && <ServiceAccountAddress />}
      <CredentialFormFields type={type} />
      {test.data && <TestResultAlert result={test.data} className="mb-4" />}
      {create.error && create.error.fieldErrors.length === 0 && (
        <InlineAlert type="error" title={create.error.message} className="mb-4" />
      )}
      <div className="flex justify-between gap-2">
        <Button onClick={onBack}>Back</Button>
        <div className="flex gap-2">
          <MutationButton onClick={runTest}>Test connection</MutationButton>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Next
          </Button>
        </div>
      </div>
    </Form>
  );
}
