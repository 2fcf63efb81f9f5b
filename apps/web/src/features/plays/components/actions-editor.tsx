import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { PLAY_ACTION_TYPES, PLAY_ACTIONS_MAX } from '@revlane/contracts';
import { Button, Dropdown } from 'antd';
import { move, newActionDraft, type ActionDraft } from '../lib/action-drafts';
import { ACTION_ICONS } from '../lib/action-icons';
import { ACTION_LABELS } from '../lib/describe-play';
import { ActionCard } from './action-card';
import type { EditorContext } from './editor-context';

interface ActionsEditorProps {
  actions: ActionDraft[];
  onChange: (actions: ActionDraft[]) => void;
  context: EditorContext;
}

/** The play's ordered actions: add one of each type the API accepts, edit, reorder, remove. */
export function ActionsEditor({ actions, onChange, context }: ActionsEditorProps) {
  const listError = context.errors?.find((error) => error.path === 'body.actions')?.message;
  return (
    <div className="flex flex-col gap-4">
      {actions.length === 0 ? (
        <p className="text-sm text-slate-600">
          No actions yet. Each record that enters the cohort goes through the actions in order.
        </p>
      ) : (
        <ol aria-label="Play actions" className="flex flex-col gap-4">
          {actions.map((action, index) => (
            <ActionCard
              key={action.uid}
              action={action}
              index={index}
              count={actions.length}
              context={context}
              onChange={(next) => onChange(actions.map((item, at) => (at === index ? next : item)))}
              onMove={(to) => onChange(move(actions, index, to))}
              onRemove={() => onChange(actions.filter((_, at) => at !== index))}
            />
          ))}
        </ol>
      )}
      {listError && (
        <p role="alert" className="text-sm text-red-600">
          {listError}
        </p>
      )}
      {!context.isDisabled && (
        <div>
          <Dropdown
            trigger={['click']}
            disabled={actions.length >= PLAY_ACTIONS_MAX}
            menu={{
              items: PLAY_ACTION_TYPES.map((type) => ({
                key: type,
                icon: ACTION_ICONS[type],
                label: ACTION_LABELS[type],
              })),
              onClick: ({ key }) =>
                onChange([
                  ...actions,
                  newActionDraft(key as (typeof PLAY_ACTION_TYPES)[number], context.entity),
                ]),
            }}
          >
            <Button icon={<PlusOutlined aria-hidden="true" />}>
              Add action <DownOutlined aria-hidden="true" />
            </Button>
          </Dropdown>
        </div>
      )}
    </div>
  );
}
