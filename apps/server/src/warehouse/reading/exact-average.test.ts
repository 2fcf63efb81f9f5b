import { describe, expect, it } from 'vitest';
import { exactAverage } from './exact-average.js';

describe('exactAverage', () => {
  it('divides exactly and rounds half away from zero to two decimals', () => {
    expect(exactAverage(242, 3)).toBe(80.67);
    expect(exactAverage(101234.49, 2)).toBe(50617.25);
    expect(exactAverage(-101234.49, 2)).toBe(-50617.25);
    expect(exactAverage('0.01', 8)).toBe(0);
    expect(exactAverage('0.04', 8)).toBe(0.01);
    // 1/160 is no double: a float division could round it either way.
    expect(exactAverage(1, 160)).toBe(0.01);
    expect(Number(exactAverage(1e21, 4))).toBe(2.5e20);
    // Beyond a double's digits, the exact text (value-conversion.ts).
    expect(exactAverage('12345678901234567890.1', 1)).toBe('12345678901234567890.10');
  });

  it('has no average without values', () => {
    expect(exactAverage(null, 0)).toBeNull();
    expect(exactAverage(0, 0)).toBeNull();
  });
});
