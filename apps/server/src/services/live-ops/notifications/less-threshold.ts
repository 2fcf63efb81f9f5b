import type { NotificationThreshold } from '@revlane/contracts';

/** A `less` alert's state between evaluations (ADR 0023). */
export interface LessState {
  /** The count a drop is measured from: the highest since the alert was (re-)armed. */
  reference: number;
  /** False after a firing until the count recovers: one firing per drop. */
  armed: boolean;
}

/** Whether going from `reference` to `count` is a drop past the threshold. */
export function droppedPast(threshold: NotificationThreshold, reference: number, count: number) {
  const drop = reference - count;
  if (drop <= 0) return false;
  if (threshold.kind === 'any') return true;
  if (threshold.kind === 'count') return drop >= threshold.value;
  return reference > 0 && (drop * 100) / reference >= threshold.value;
}

/**
 * One evaluation of a `less` alert: an armed alert fires when the count dropped past the
 * threshold from its reference and disarms; otherwise a higher count raises the reference
 * (a slow slide is measured from the top). A disarmed alert re-arms, from the current count,
 * once the drop is no longer past the threshold (the count recovered).
 */
export function evaluateLess(
  threshold: NotificationThreshold,
  state: LessState,
  count: number,
): LessState & { fire: boolean } {
  const past = droppedPast(threshold, state.reference, count);
  if (state.armed) {
    if (past) return { fire: true, reference: state.reference, armed: false };
    return { fire: false, reference: Math.max(state.reference, count), armed: true };
  }
  if (past) return { fire: false, ...state };
  return { fire: false, reference: count, armed: true };
}
