import { describe, expect, it } from 'vitest';
import { describeLandedAs } from './landed-types';

describe('what a column landed as, in words', () => {
  it.each([
    ['text', 'text'],
    ['bigint', 'whole number'],
    ['double', 'number'],
    ['date', 'date'],
    ['timestamp', 'date and time'],
    ['boolean', 'true/false'],
    ['json', 'JSON'],
    ['text_list', 'list of text'],
    ['bigint_list', 'list of whole numbers'],
  ])('names %s as "%s"', (landedAs, words) => {
    expect(describeLandedAs(landedAs)).toBe(words);
  });

  it('keeps the precision and scale of an exact decimal', () => {
    expect(describeLandedAs('decimal(38,10)')).toBe('decimal (38, 10)');
    expect(describeLandedAs('decimal(12,2)')).toBe('decimal (12, 2)');
  });

  it('shows a type it does not know as the server names it', () => {
    expect(describeLandedAs('uuid')).toBe('uuid');
  });
});
