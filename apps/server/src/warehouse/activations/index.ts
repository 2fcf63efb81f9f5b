/** Activations' change sets and sent state, computed in the warehouse (ADR 0033). */
export {
  activationValuesHash,
  computeActivationChangeSet,
  type ActivationChangeKind,
  type ActivationChangeRow,
  type ActivationChangeSet,
  type ActivationChangeSetQuery,
  type ActivationFieldColumn,
} from './change-set.js';
export {
  recordActivationOutcomes,
  dropActivationState,
  readActivationStateCount,
  ensureActivationStateTable,
  type ActivationOutcome,
  type ActivationOutcomeStatus,
} from './activation-state.js';
