import { describe, expect, it } from 'vitest';
import { decimalFromText } from './value-conversion.js';

describe('decimalFromText: a DECIMAL as a number only when that number is the value', () => {
  it('answers a number for values a double holds exactly as written', () => {
    expect(decimalFromText('1024.22')).toBe(1024.22);
    expect(decimalFromText('4845980.00')).toBe(4845980);
    expect(decimalFromText('-0.50')).toBe(-0.5);
    expect(decimalFromText('0.00')).toBe(0);
    expect(decimalFromText('-0.00')).toBe(0);
  });

  it('keeps the text of values a double would round, never losing a digit', () => {
    expect(decimalFromText('-99999999.9999999999')).toBe('-99999999.9999999999');
    expect(decimalFromText('12345678901234567890.123456789')).toBe(
      '12345678901234567890.123456789',
    );
    expect(decimalFromText('18446744073709551615')).toBe('18446744073709551615');
    expect(decimalFromText('0.000000001')).toBe('0.000000001');
  });
});
