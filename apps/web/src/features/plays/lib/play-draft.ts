import type { Play, PlayActionType, PlayReentry, UpdatePlayBody } from '@revlane/contracts';
import { toActionDraft, toActionInput, type ActionDraft } from './action-drafts';

/** The play's definition as its page edits it, saved with one PATCH. */
export interface PlayDraft {
  name: string;
  segmentId: string | undefined;
  cohortId: string | undefined;
  triggerType: 'cohort_entered' | 'schedule';
  cron: string;
  timezone: string;
  includeExisting: boolean;
  reentry: PlayReentry;
  actions: ActionDraft[];
}

export function toPlayDraft(play: Play): PlayDraft {
  const { trigger } = play;
  return {
    name: play.name,
    segmentId: play.segmentId || undefined,
    cohortId: trigger.cohortId || undefined,
    triggerType: trigger.type,
    cron: trigger.type === 'schedule' ? trigger.cron : '0 9 * * 1',
    timezone: trigger.type === 'schedule' ? trigger.timezone : 'UTC',
    includeExisting: play.includeExisting,
    reentry: play.reentry,
    actions: play.actions.map((action) =>
      toActionDraft(action as { id: string; type: PlayActionType } & Record<string, unknown>),
    ),
  };
}

/** The PATCH body: the whole definition; the server checks the merged play again (ADR 0024). */
export function toUpdateBody(draft: PlayDraft): UpdatePlayBody {
  const cohortId = draft.cohortId ?? '';
  return {
    name: draft.name.trim(),
    trigger:
      draft.triggerType === 'schedule'
        ? { type: 'schedule', cohortId, cron: draft.cron.trim(), timezone: draft.timezone }
        : { type: 'cohort_entered', cohortId },
    actions: draft.actions.map(toActionInput),
    includeExisting: draft.includeExisting,
    reentry: draft.reentry,
  };
}
