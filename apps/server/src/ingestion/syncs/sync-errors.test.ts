import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../../integrations/index.js';
import { COLUMN_REMEDY, inTable, safeMessage, TABLE_REMEDY } from './sync-errors.js';

/** DuckDB 1.5 reading a load file whose column `account_owner` holds a text. */
const DUCKDB_CSV_CONVERSION = [
  'Conversion Error: CSV Error on Line: 2',
  'Original Line: 1,growth,Ann',
  'Error when converting column "account_owner". Could not convert string "Ann" to \'BIGINT\'',
  '',
  'Column account_owner is being converted as type BIGINT',
  'This type was auto-detected from the CSV file.',
  'Possible solutions:',
  "* Override the type for this column manually by setting the type explicitly, e.g., types={'account_owner': 'VARCHAR'}",
  '* Set the sample size to a larger value to enable the auto-detection to scan more values, e.g., sample_size=-1',
  '',
  '  file = /tmp/revlane-sync-BuwC8i/0.csv',
  '  delimiter = , (Set By User)',
  '  ignore_errors = false',
].join('\n');

/** PostgreSQL's COPY into the next table refusing a value: the column is in `where`. */
const postgresCopyError = () =>
  Object.assign(new Error('invalid input syntax for type bigint: "Ann"'), {
    severity: 'ERROR',
    code: '22P02',
    where: 'COPY src_c966f961_torture__next, line 2, column account_owner: "Ann"',
  });

describe('a failed load as the run shows it', () => {
  const sourceNames = new Map([['account_owner', 'Account Owner']]);

  it('names the column as the source does, the table, and what to do (DuckDB)', () => {
    const shown = inTable('torture', new Error(DUCKDB_CSV_CONVERSION), sourceNames) as Error;
    expect(shown.message).toBe(
      'Column "Account Owner" of table "torture" could not be loaded: ' +
        `Could not convert string "Ann" to 'BIGINT'. ${COLUMN_REMEDY}`,
    );
    // Never the engine's hints nor a server path.
    expect(shown.message).not.toMatch(/types=|sample_size|\/tmp\//);
    expect(COLUMN_REMEDY).toBe(
      'Leave the column out in the source’s settings, or fix the value at the source.',
    );
    // A cast inside the warehouse names its source column too.
    const cast = inTable(
      'deals',
      new Error(
        "Conversion Error: Could not convert string 'abc' to INT64 when casting from source column amount",
      ),
    ) as Error;
    expect(cast.message).toBe(
      'Column "amount" of table "deals" could not be loaded: ' +
        `Could not convert string 'abc' to INT64. ${COLUMN_REMEDY}`,
    );
  });

  it('names the column as the source does, the table, and what to do (PostgreSQL)', () => {
    const shown = inTable('torture', postgresCopyError(), sourceNames) as Error & {
      code: string;
    };
    expect(shown.message).toBe(
      'Column "Account Owner" of table "torture" could not be loaded: ' +
        `invalid input syntax for type bigint: "Ann". ${COLUMN_REMEDY}`,
    );
    expect(shown.code).toBe('22P02');
    const tooLong = Object.assign(new Error('value too long for type character varying(5)'), {
      code: '22001',
      where: 'COPY src_1_leads__next, line 7, column plan: "enterprise"',
    });
    expect((inTable('leads', tooLong) as Error).message).toBe(
      'Column "plan" of table "leads" could not be loaded: ' +
        `value too long for type character varying(5). ${COLUMN_REMEDY}`,
    );
  });

  it('names the table when no column is known, keeps the first line only and never a path', () => {
    const engine = Object.assign(
      new Error(
        'Invalid Input Error: CSV Error on Line: 3 in /tmp/revlane-sync-Ab12Cd/0.csv\n' +
          'Possible Solution: set ignore_errors = true\n  LINE 1: …',
      ),
      { code: 'ECONNRESET' },
    );
    const shown = inTable('torture', engine) as Error & { code: string };
    expect(shown.message).toBe(
      'Table "torture" could not be loaded: Invalid Input Error: CSV Error on Line: 3 in ' +
        `the load file. ${TABLE_REMEDY}`,
    );
    // The code stays: a network fault is still retried.
    expect(shown.code).toBe('ECONNRESET');
    const upload = inTable(
      'leads.csv',
      new Error('Could not read /srv/data/sources/o/s.csv: gone'),
    );
    expect((upload as Error).message).toBe(
      `Table "leads.csv" could not be loaded: Could not read the file: gone. ${TABLE_REMEDY}`,
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
