import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../../integrations/index.js';
import { inTable, safeMessage } from './sync-errors.js';

describe('a failed load as the run shows it', () => {
  it('names the table, keeps the first line only and never a server path', () => {
    const engine = Object.assign(
      new Error(
        'Conversion Error: CSV Error on Line: 3 in /tmp/revlane-sync-Ab12Cd/0.csv\n' +
          'Possible Solution: set ignore_errors = true\n  LINE 1: …',
      ),
      { code: 'ECONNRESET' },
    );
    const shown = inTable('torture', engine) as Error & { code: string };
    expect(shown.message).toBe(
      'Table "torture" could not be loaded: Conversion Error: CSV Error on Line: 3 in the load file',
    );
    // The code stays: a network fault is still retried.
    expect(shown.code).toBe('ECONNRESET');
    const upload = inTable(
      'leads.csv',
      new Error('Could not read /srv/data/sources/o/s.csv: gone'),
    );
    expect((upload as Error).message).toBe(
      'Table "leads.csv" could not be loaded: Could not read the file: gone',
    );
  });

  it('passes a connector’s own message on, and hides secrets', () => {
    const connector = new ConnectorError('not_found', 'Table "x" not found in public');
    expect(inTable('x', connector)).toBe(connector);
    expect(safeMessage(new Error('password pw-123 refused'), ['pw-123'])).toBe(
      'password *** refused',
    );
  });
});
