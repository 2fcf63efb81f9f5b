import { describe, expect, it } from 'vitest';
import { distinctInitials } from './menu-initials';

const MENU = ['Home', 'Setup', 'Metrics', 'Segments', 'Plays', 'Alerts', 'Help'];

describe('distinct initials of the mini sidebar', () => {
  it('tells Setup and Segments apart and leaves the other entries as they were', () => {
    expect(distinctInitials(MENU)).toEqual(['HO', 'ST', 'ME', 'SG', 'PL', 'AL', 'HE']);
  });

  it('keeps usual initials when none collide, two words giving their first letters', () => {
    expect(distinctInitials(['Customer Success', 'Finance', 'Product'])).toEqual([
      'CS',
      'FI',
      'PR',
    ]);
  });

  it('never hands out initials another entry keeps, nor the ones that collided', () => {
    // Setup and Seats collide on SE; SA and SG are kept by others, and ST is Setup's by then.
    expect(distinctInitials(['ST ops', 'Sa', 'Setup', 'Seats', 'SG'])).toEqual([
      'SO',
      'SA',
      'ST',
      'SS',
      'SG',
    ]);
  });

  it('falls back to a digit when the letters run out, still distinct', () => {
    const initials = distinctInitials(['AB', 'AB', 'AB', 'A B']);
    expect(initials).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(distinctInitials(['', ''])).toEqual(['?1', '?2']);
  });

  it('stays distinct for any menu of made-up labels', () => {
    const words = ['Setup', 'Segments', 'Settings', 'Sessions', 'Seats', 'Sales', 'Se', 'S'];
    for (let size = 1; size <= words.length; size += 1) {
      const labels = words.slice(0, size);
      expect(new Set(distinctInitials(labels)).size).toBe(size);
    }
  });
});
