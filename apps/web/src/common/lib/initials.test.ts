import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './format-timestamp';
import { getInitials } from './initials';

describe('getInitials', () => {
  it('takes the first letters of two words, or two letters of one', () => {
    expect(getInitials('Customer Success')).toBe('CS');
    expect(getInitials('Home')).toBe('HO');
    expect(getInitials('Dana Demo')).toBe('DD');
    expect(getInitials('alex.member@acme.example')).toBe('AM');
    expect(getInitials('Zoë')).toBe('ZO');
  });

  it('falls back when there is nothing to take letters from', () => {
    expect(getInitials('')).toBe('?');
    expect(getInitials(undefined, '...')).toBe('...');
  });
});

describe('formatTimestamp', () => {
  it("uses 'MMMM dd yyyy 'at' hh:mm aa'", () => {
    expect(formatTimestamp(new Date(2026, 0, 5, 14, 7))).toBe('January 05 2026 at 02:07 PM');
    expect(formatTimestamp('not a date')).toBe('');
  });
});
