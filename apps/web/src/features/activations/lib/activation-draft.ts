import type {
  Activation,
  ActivationMode,
  ActivationOnLeave,
  ActivationProvider,
  ActivationSchedule,
  CreateActivationBody,
} from '@revlane/contracts';

/** One row of the field mapping; `uid` keys it in the list while rows come and go. */
export interface FieldDraft {
  uid: string;
  column: string | undefined;
  field: string | undefined;
}

/** An activation as its editor holds it, saved whole with one POST or PATCH. */
export interface ActivationDraft {
  name: string;
  cohortId: string | undefined;
  provider: ActivationProvider | undefined;
  object: string;
  matchColumn: string | undefined;
  matchField: string | undefined;
  mode: ActivationMode;
  fields: FieldDraft[];
  schedule: ActivationSchedule;
  onLeave: ActivationOnLeave;
}

let nextUid = 0;
export const newFieldDraft = (column?: string, field?: string): FieldDraft => ({
  uid: `field-${++nextUid}`,
  column,
  field,
});

/** A new activation: one empty mapping row, run by hand until a dry run has been looked at. */
export const emptyDraft = (): ActivationDraft => ({
  name: '',
  cohortId: undefined,
  provider: undefined,
  object: '',
  matchColumn: undefined,
  matchField: undefined,
  mode: 'update',
  fields: [newFieldDraft()],
  schedule: 'manual',
  onLeave: 'nothing',
});

export const toActivationDraft = (activation: Activation): ActivationDraft => ({
  name: activation.name,
  cohortId: activation.cohortId,
  provider: activation.destination.provider,
  object: activation.destination.object,
  matchColumn: activation.match.column,
  matchField: activation.match.field,
  mode: activation.mode,
  fields: activation.fields.map((field) => newFieldDraft(field.column, field.field)),
  schedule: activation.schedule,
  onLeave: activation.onLeave,
});

/** A draft with its destination's provider chosen, which every body needs. */
export type ReadyDraft = ActivationDraft & { provider: ActivationProvider };

/** Whether the choices a save needs are made; the rest the server checks and names. */
export const isReady = (draft: ActivationDraft): draft is ReadyDraft =>
  Boolean(
    draft.name.trim() &&
    draft.cohortId &&
    draft.provider &&
    draft.object.trim() &&
    draft.matchColumn &&
    draft.matchField,
  );

/**
 * The whole definition as the API takes it; a mapping row still half chosen goes with '' so
 * the server's 400 names it under its row. Leaving only matters to Mirror: other modes send
 * "nothing".
 */
export const toActivationBody = (draft: ReadyDraft): CreateActivationBody => ({
  name: draft.name.trim(),
  cohortId: draft.cohortId ?? '',
  destination: { provider: draft.provider, object: draft.object.trim() },
  match: { column: draft.matchColumn ?? '', field: draft.matchField ?? '' },
  mode: draft.mode,
  fields: draft.fields.map((row) => ({ column: row.column ?? '', field: row.field ?? '' })),
  schedule: draft.schedule,
  onLeave: draft.mode === 'mirror' ? draft.onLeave : 'nothing',
});
