import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { ACTION_FIELDS, ACTION_PAIRS, type ActionDraft } from '../lib/action-drafts';
import { ACTION_ICONS } from '../lib/action-icons';
import { ACTION_LABELS } from '../lib/describe-play';
import { fieldErrorOf } from '../lib/field-errors';
import { ActionFieldInput } from './action-field-input';
import { ActionPairsInput } from './action-pairs-input';
import type { EditorContext } from './editor-context';

interface ActionCardProps {
  action: ActionDraft;
  index: number;
  count: number;
  onChange: (action: ActionDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  context: EditorContext;
}

/** One action of the play: its fields, and buttons to move it up or down or remove it. */
export function ActionCard({
  action,
  index,
  count,
  onChange,
  onMove,
  onRemove,
  context,
}: ActionCardProps) {
  const label = `${index + 1}. ${ACTION_LABELS[action.type]}`;
  const path = `actions.${index}`;
  const pairs = ACTION_PAIRS[action.type];
  const ownError = context.errors?.find((error) => error.path === `body.${path}`)?.message;
  return (
    <li aria-label={label} className="rounded-xl p-4 ring-1 ring-slate-200">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-medium text-slate-900">
          <span aria-hidden="true" className="text-brand-600">
            {ACTION_ICONS[action.type]}
          </span>
          {label}
        </h3>
        {!context.isDisabled && (
          <div className="flex gap-1">
            <Button
              size="small"
              aria-label={`Move ${label} up`}
              icon={<ArrowUpOutlined aria-hidden="true" />}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            />
            <Button
              size="small"
              aria-label={`Move ${label} down`}
              icon={<ArrowDownOutlined aria-hidden="true" />}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            />
            <Button
              size="small"
              danger
              aria-label={`Remove ${label}`}
              icon={<DeleteOutlined aria-hidden="true" />}
              onClick={onRemove}
            />
          </div>
        )}
      </div>
      <div className="flex flex-col gap-3">
        {ACTION_FIELDS[action.type].map((field) => (
          <ActionFieldInput
            key={field.name}
            field={field}
            path={path}
            value={action.values[field.name] ?? ''}
            onChange={(value) =>
              onChange({ ...action, values: { ...action.values, [field.name]: value } })
            }
            context={context}
          />
        ))}
        {pairs && (
          <ActionPairsInput
            spec={pairs}
            path={`${path}.${action.type === 'webhook' ? 'fields' : 'columns'}`}
            isKeyedByName={action.type === 'webhook'}
            pairs={action.pairs}
            onChange={(next) => onChange({ ...action, pairs: next })}
            context={context}
          />
        )}
        {(ownError ?? fieldErrorOf(context.errors, `${path}.id`)) && (
          <p role="alert" className="text-sm text-red-600">
            {ownError ?? fieldErrorOf(context.errors, `${path}.id`)}
          </p>
        )}
      </div>
    </li>
  );
}
