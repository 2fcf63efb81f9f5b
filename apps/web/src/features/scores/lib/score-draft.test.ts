import { describe, expect, it } from 'vitest';
import { score } from '../testing/score-fixtures';
import { fieldErrorOf } from './field-errors';
import {
  emptyScoreDraft,
  isReady,
  newBehaviourRule,
  newFitRule,
  toCreateBody,
  toPreviewBody,
  toScoreDraft,
  toUpdateBody,
} from './score-draft';

describe('a score draft', () => {
  it('is previewed only once the contract takes it: a rule, an event, points that are not 0', () => {
    const draft = emptyScoreDraft();
    expect(toPreviewBody(draft)).toBeNull();
    const rule = newBehaviourRule();
    expect(toPreviewBody({ ...draft, behaviour: [rule] })).toBeNull();
    expect(toPreviewBody({ ...draft, behaviour: [{ ...rule, event: 'x', points: 0 }] })).toBeNull();
    expect(toPreviewBody({ ...draft, fit: [newFitRule()] })).toBeNull();
    expect(toPreviewBody({ ...draft, behaviour: [{ ...rule, event: ' x ', cap: 20 }] })).toEqual({
      baseTable: 'accounts',
      fit: [],
      behaviour: [{ event: 'x', points: 5, lifespanDays: 30, cap: 20 }],
    });
  });

  it('sends grades only when they are its own; going back to the defaults sends null', () => {
    const saved = toScoreDraft(score());
    expect(saved.hasCustomGrades).toBe(false);
    expect(isReady(saved)).toBe(true);
    expect(toCreateBody(saved)).not.toHaveProperty('grades');
    expect(toUpdateBody(saved).grades).toBeNull();
    const custom = { ...saved, hasCustomGrades: true };
    expect(toUpdateBody(custom).grades).toEqual(score().grades);
    expect(isReady({ ...custom, grades: [{ ...custom.grades[0]!, min: null }] })).toBe(false);
  });

  it('finds a 400 entry by its path, written with brackets or dots', () => {
    const errors = [{ path: 'body.fit[0].filters[1].value', message: 'Enter a number' }];
    expect(fieldErrorOf(errors, 'fit[0].filters')).toBe('Enter a number');
    expect(fieldErrorOf(errors, 'fit.0.filters.1.value', { exact: true })).toBe('Enter a number');
    expect(fieldErrorOf(errors, 'fit[0].filters', { exact: true })).toBeUndefined();
    expect(fieldErrorOf(errors, 'fit[1]')).toBeUndefined();
  });
});
