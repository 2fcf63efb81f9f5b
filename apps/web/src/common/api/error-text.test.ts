import { describe, expect, it } from 'vitest';
import { getErrorText, getFieldErrors } from './error-text';

describe('getErrorText (docs/product.md §8 order: error, then message, then errors[0])', () => {
  it('takes a human `error` first, before message and errors', () => {
    expect(
      getErrorText({
        error: 'Your session has ended.',
        message: 'second',
        errors: [{ path: 'x', message: 'third' }],
      }),
    ).toBe('Your session has ended.');
  });

  it('takes `message` next', () => {
    expect(getErrorText({ message: 'second', errors: [{ path: 'x', message: 'third' }] })).toBe(
      'second',
    );
  });

  it('takes the first entry of `errors` last, as an object or a plain string', () => {
    expect(
      getErrorText({
        errors: [
          { path: 'email', message: 'Email is invalid' },
          { path: 'name', message: 'Name is required' },
        ],
      }),
    ).toBe('Email is invalid');
    expect(getErrorText({ errors: ['Plain entry', 'other'] })).toBe('Plain entry');
  });

  it('skips an `error` that is only a machine code, because our servers put text in message', () => {
    expect(getErrorText({ error: 'wrong_password', message: 'Wrong email or password.' })).toBe(
      'Wrong email or password.',
    );
    expect(getErrorText({ error: 'not_found', message: 'Segment not found.' })).toBe(
      'Segment not found.',
    );
  });

  it('skips empty values and answers undefined when there is no text at all', () => {
    expect(getErrorText({ error: '', message: '  ', errors: [] })).toBeUndefined();
    expect(getErrorText({ error: 'internal_error' })).toBeUndefined();
    expect(getErrorText(undefined)).toBeUndefined();
    expect(getErrorText(null)).toBeUndefined();
  });

  it('uses a plain-text body as it is', () => {
    expect(getErrorText('Bad gateway')).toBe('Bad gateway');
  });
});

describe('getFieldErrors', () => {
  it('keeps well-formed { path, message } entries only', () => {
    expect(
      getFieldErrors({
        errors: [{ path: 'email', message: 'Invalid email' }, 'loose', { path: 'x' }],
      }),
    ).toEqual([{ path: 'email', message: 'Invalid email' }]);
    expect(getFieldErrors({ message: 'no list' })).toEqual([]);
  });
});
