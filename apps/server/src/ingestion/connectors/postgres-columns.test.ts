import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourcePostgresUrl } from '../../services/composer/__tests__/source-postgres.js';
import { planPostgresColumn } from './postgres-columns.js';

const url = await sourcePostgresUrl('NaN and Infinity checks of numeric columns');

/** numeric(12,2)'s type modifier, as pg_attribute.atttypmod holds it. */
const NUMERIC_12_2 = ((12 << 16) | 2) + 4;

describe.skipIf(!url)('NaN and ±Infinity in a numeric (docs/architecture.md §5.5)', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: url! });
    await client.connect();
    await client.query(`CREATE TEMP TABLE numbers (q numeric);
      INSERT INTO numbers VALUES ('NaN'), ('Infinity'), ('-Infinity'), (1.5), (NULL)`);
  });
  afterAll(() => client?.end());

  it.each([
    ['numeric(12,2)', NUMERIC_12_2],
    ['numeric', -1],
  ])('%s: lands them empty, found as text on every PostgreSQL version', async (type, typmod) => {
    const plan = planPostgresColumn({
      name: 'q',
      type,
      base: 'numeric',
      category: 'N',
      typmod,
      element: null,
    });
    const condition = plan.unkept!.condition('q');
    const { rows } = await client.query(
      `SELECT (count(*) FILTER (WHERE ${condition}))::int AS unkept,
              array_agg(${plan.select('q')})::text[] AS landed FROM numbers`,
    );
    expect(rows[0]).toEqual({ unkept: 3, landed: [null, null, null, '1.5', null] });
    // PostgreSQL 13 and older read no 'Infinity' as a numeric: the condition must not ask to.
    const { rows: explained } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (VERBOSE, COSTS OFF) SELECT q FROM numbers WHERE ${condition}`,
    );
    const filter = explained.map((row) => row['QUERY PLAN']).join('\n');
    expect(filter).toMatch(/Filter: .*::text/);
    expect(filter).not.toMatch(/::numeric/);
  });
});
