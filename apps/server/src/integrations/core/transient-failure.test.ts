import { describe, expect, it } from 'vitest';
import { ConnectorError, isTransientFailure } from './connector.js';

describe('isTransientFailure: which failed syncs are worth another attempt', () => {
  it('retries network faults and timeouts only', () => {
    expect(isTransientFailure(new ConnectorError('timeout', 'statement timeout'))).toBe(true);
    expect(isTransientFailure(new ConnectorError('refused', 'refused'))).toBe(true);
    expect(isTransientFailure(new ConnectorError('remote', 'reset'))).toBe(true);
    expect(isTransientFailure(Object.assign(new Error('read'), { code: 'ECONNRESET' }))).toBe(true);
  });

  it('fails deterministic errors at once: conversions, missing tables, credentials', () => {
    expect(isTransientFailure(new ConnectorError('not_found', 'Table "x" not found'))).toBe(false);
    expect(isTransientFailure(new ConnectorError('authentication', 'bad password'))).toBe(false);
    expect(isTransientFailure(new ConnectorError('host_not_found', 'no such host'))).toBe(false);
    expect(isTransientFailure(new Error('Conversion Error: Could not convert'))).toBe(false);
    expect(isTransientFailure(null)).toBe(false);
  });
});
