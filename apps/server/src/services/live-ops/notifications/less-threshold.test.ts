import { describe, expect, it } from 'vitest';
import type { NotificationThreshold } from '@revlane/contracts';
import { droppedPast, evaluateLess, type LessState } from './less-threshold.js';

/** Runs counts through the alert from a baseline; returns the counts it fired at. */
function firesAt(threshold: NotificationThreshold, baseline: number, counts: number[]) {
  let state: LessState = { reference: baseline, armed: true };
  const fired: number[] = [];
  for (const count of counts) {
    const next = evaluateLess(threshold, state, count);
    if (next.fire) fired.push(count);
    state = { reference: next.reference, armed: next.armed };
  }
  return fired;
}

describe('less alerts: threshold, once per drop, re-arm', () => {
  it('a count threshold fires once per drop and re-arms when the count recovers', () => {
    // 10 → 9 (drop 1) → 7 (drop 3: fires) → 6 (still down: silent) → 9 (recovered: re-armed
    // at 9) → 7 (drop 2: fires again) → 7 (silent).
    expect(firesAt({ kind: 'count', value: 2 }, 10, [9, 7, 6, 9, 7, 7])).toEqual([7, 7]);
  });

  it('measures a slow slide from the highest count since arming', () => {
    expect(firesAt({ kind: 'percent', value: 10 }, 100, [120, 115, 110, 108])).toEqual([108]);
  });

  it('any decrease fires, and not again until the count is back', () => {
    expect(firesAt({ kind: 'any' }, 5, [5, 4, 3, 5, 6, 5])).toEqual([4, 5]);
  });

  it('percentages of an empty cohort never fire', () => {
    expect(droppedPast({ kind: 'percent', value: 1 }, 0, 0)).toBe(false);
    expect(droppedPast({ kind: 'percent', value: 50 }, 10, 5)).toBe(true);
    expect(droppedPast({ kind: 'percent', value: 50 }, 10, 6)).toBe(false);
  });
});
