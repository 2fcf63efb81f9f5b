import { TEMPLATE_ENTITY, type Play, type PlayWithSecrets } from '@revlane/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { getErrorText } from '@/common/api';
import { MutationButton } from '@/common/ui/mutation-button';
import { SectionCard } from '@/common/ui/section-card';
import { UnsavedChangesPrompt } from '@/common/ui/unsaved-changes-prompt';
import { useRecordColumns, useSampleRecord } from '../api/get-play-choices';
import { useUpdatePlay } from '../api/save-play';
import { ACTION_LABELS } from '../lib/describe-play';
import { toPlayDraft, toUpdateBody, type PlayDraft } from '../lib/play-draft';
import { ActionsEditor } from './actions-editor';
import type { EditorContext } from './editor-context';
import { PlayPreview } from './play-preview';
import { TriggerEditor } from './trigger-editor';
import { WebhookSecretsNotice } from './webhook-secrets-notice';

interface PlayDefinitionFormProps {
  play: Play;
  canEdit: boolean;
}

/**
 * The play's trigger and actions, saved together with one PATCH; the API's 400 entries show
 * next to the fields they name, and new webhook secrets once, above the form.
 */
export function PlayDefinitionForm({ play, canEdit }: PlayDefinitionFormProps) {
  const [draft, setDraft] = useState<PlayDraft>(() => toPlayDraft(play));
  const [isDirty, setDirty] = useState(false);
  const [secrets, setSecrets] = useState<PlayWithSecrets['webhookSecrets']>([]);
  const update = useUpdatePlay(play.id, { hideErrorToast: true });
  const columns = useRecordColumns(draft.segmentId);
  const sample = useSampleRecord(draft.segmentId);
  const change = (changes: Partial<PlayDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setDirty(true);
  };
  const context: EditorContext = {
    entity: TEMPLATE_ENTITY[columns.data?.baseTable ?? 'accounts'],
    columns: columns.data?.columns ?? [],
    sample: sample.data ?? null,
    errors: update.error?.fieldErrors,
    isDisabled: !canEdit,
  };
  const save = () =>
    update.mutate(toUpdateBody(draft), {
      onSuccess: (saved) => {
        setSecrets(saved.webhookSecrets);
        setDraft(toPlayDraft(saved));
        setDirty(false);
      },
    });
  const actionLabel = (actionId: string) => {
    const index = play.actions.findIndex((action) => action.id === actionId);
    return index < 0 ? actionId : `${index + 1}. ${ACTION_LABELS[play.actions[index]!.type]}`;
  };

  return (
    <div className="flex flex-col gap-6">
      <UnsavedChangesPrompt isDirty={isDirty && canEdit} />
      <WebhookSecretsNotice secrets={secrets} actionLabel={actionLabel} />
      <SectionCard title="Trigger">
        <TriggerEditor draft={draft} onChange={change} context={context} />
      </SectionCard>
      <SectionCard title="Actions">
        <ActionsEditor
          actions={draft.actions}
          onChange={(actions) => change({ actions })}
          context={context}
        />
      </SectionCard>
      {canEdit && (
        <div className="flex flex-wrap items-center gap-3">
          <MutationButton type="primary" disabled={!isDirty} onClick={save}>
            Save changes
          </MutationButton>
          {isDirty && (
            <Button
              onClick={() => {
                setDraft(toPlayDraft(play));
                setDirty(false);
                update.reset();
              }}
            >
              Discard changes
            </Button>
          )}
          {update.error && (
            <p role="alert" className="text-sm text-red-600">
              {getErrorText(update.error.body) ?? update.error.message}
            </p>
          )}
        </div>
      )}
      <PlayPreview playId={play.id} hasUnsavedChanges={isDirty} />
    </div>
  );
}
