import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { FormField } from '@/common/ui/form-field';
import type { PairDraft } from '../lib/action-drafts';
import { fieldErrorOf } from '../lib/field-errors';
import type { EditorContext } from './editor-context';
import { TemplateInput } from './template-input';

interface ActionPairsInputProps {
  spec: { label: string; keyLabel: string; addText: string };
  /** `actions.<i>.columns` or `actions.<i>.fields`: where the API's 400 names them. */
  path: string;
  /** Sheet columns are named by position in errors, webhook fields by name. */
  isKeyedByName: boolean;
  pairs: PairDraft[];
  onChange: (pairs: PairDraft[]) => void;
  context: EditorContext;
}

/** Named templates (sheet columns, webhook payload fields): the record's field mapping. */
export function ActionPairsInput({
  spec,
  path,
  isKeyedByName,
  pairs,
  onChange,
  context,
}: ActionPairsInputProps) {
  const change = (index: number, next: Partial<PairDraft>) =>
    onChange(pairs.map((pair, at) => (at === index ? { ...pair, ...next } : pair)));
  // A refusal of the whole list ("At least one column"), not of one of its entries.
  const listError = context.errors?.find((error) => error.path === `body.${path}`)?.message;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">{spec.label}</legend>
      {pairs.map((pair, index) => {
        const at = `${path}.${isKeyedByName ? pair.key : index}`;
        return (
          <div key={index} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto]">
            <FormField label={`${spec.keyLabel} ${index + 1}`}>
              {(id) => (
                <Input
                  id={id}
                  value={pair.key}
                  disabled={context.isDisabled}
                  onChange={(event) => change(index, { key: event.target.value })}
                />
              )}
            </FormField>
            <FormField label={`Value ${index + 1}`} error={fieldErrorOf(context.errors, at)}>
              {(id) => (
                <TemplateInput
                  id={id}
                  label={`${spec.keyLabel} ${index + 1}`}
                  value={pair.value}
                  onChange={(value) => change(index, { value })}
                  entity={context.entity}
                  columns={context.columns}
                  sample={context.sample}
                  isDisabled={context.isDisabled}
                />
              )}
            </FormField>
            {!context.isDisabled && (
              <Button
                className="self-end"
                aria-label={`Remove ${spec.keyLabel.toLowerCase()} ${index + 1}`}
                icon={<DeleteOutlined aria-hidden="true" />}
                onClick={() => onChange(pairs.filter((_, at) => at !== index))}
              />
            )}
          </div>
        );
      })}
      {listError && (
        <p role="alert" className="text-sm text-red-600">
          {listError}
        </p>
      )}
      {!context.isDisabled && (
        <div>
          <Button
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => onChange([...pairs, { key: '', value: '' }])}
          >
            {spec.addText}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
