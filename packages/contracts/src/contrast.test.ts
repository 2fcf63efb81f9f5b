import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor } from './contrast.js';

describe('contrast ratio (WCAG 2.2)', () => {
  it('is 21 for black on white and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', 'rgb(0, 0, 0)')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4f46e5', '#4f46e5')).toBe(1);
  });

  it('matches published ratios: antd grey #767676 on white is 4.54, the old ring 1.6', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('rgb(209, 201, 255)', '#ffffff')).toBeCloseTo(1.6, 1);
  });

  it('reads the forms a browser computes, and refuses what it cannot measure', () => {
    expect(parseColor('rgb(67, 56, 202)')).toEqual([67, 56, 202]);
    expect(parseColor('rgba(67, 56, 202, 1)')).toEqual([67, 56, 202]);
    expect(parseColor('#4338CA')).toEqual([67, 56, 202]);
    expect(() => parseColor('rgba(67, 56, 202, 0.5)')).toThrow('not an opaque colour');
    expect(() => parseColor('currentcolor')).toThrow('not an opaque colour');
  });
});
