import { OPERATORS_BY_DATA_TYPE, type DataType, type FilterOperator } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import { compileSegmentQuery } from '../compiler/compile-segment-query.js';
import { duckdbDialect } from '../duckdb/duckdb-dialect.js';
import { postgresDialect } from '../postgres/postgres-dialect.js';

const orgId = '0f0e0d0c-0b0a-0908-0706-050403020100';

/** A column of `accounts` for each data type. */
const FIELD_OF: Record<DataType, string> = {
  string: 'name',
  email: 'billing_email',
  link: 'website',
  numeric: 'mrr',
  timestamp: 'created_at',
  boolean: 'is_paying',
  enum: 'plan',
  timeseries: 'activity_30d',
  default: 'id',
};

const ts = (n: number) => `CAST($${n} AS TIMESTAMP)`;
const num = (n: number) => `CAST($${n} AS DOUBLE PRECISION)`;

type Case = [value: unknown, condition: string | null, params: unknown[]];

/** The exact WHERE condition and bound values of every operator × data type it applies to. */
// prettier-ignore
const CASES: Record<DataType, Partial<Record<FilterOperator, Case>>> = {
  string: {
    eq: ['Acme', 'lower(a."name") = $1', ['acme']],
    contains: ['Cm', 'strpos(lower(a."name"), $1) > 0', ['cm']],
    not_contains: ['Cm', '(a."name" IS NULL OR strpos(lower(a."name"), $1) = 0)', ['cm']],
    includes: [['X', 'y'], 'lower(a."name") IN ($1, $2)', ['x', 'y']],
    excludes: [['X'], '(a."name" IS NULL OR lower(a."name") NOT IN ($1))', ['x']],
    null: [null, `(a."name" IS NULL OR lower(a."name") = '')`, []],
    not_null: [undefined, `(a."name" IS NOT NULL AND lower(a."name") <> '')`, []],
    none: [null, null, []],
  },
  email: {
    eq: ['A@B.co', 'lower(a."billing_email") = $1', ['a@b.co']],
    contains: ['@B', 'strpos(lower(a."billing_email"), $1) > 0', ['@b']],
    not_contains: ['x', '(a."billing_email" IS NULL OR strpos(lower(a."billing_email"), $1) = 0)', ['x']],
    includes: [['A@b.co'], 'lower(a."billing_email") IN ($1)', ['a@b.co']],
    excludes: [['A@b.co'], '(a."billing_email" IS NULL OR lower(a."billing_email") NOT IN ($1))', ['a@b.co']],
    null: ['', `(a."billing_email" IS NULL OR lower(a."billing_email") = '')`, []],
    not_null: [null, `(a."billing_email" IS NOT NULL AND lower(a."billing_email") <> '')`, []],
    none: [null, null, []],
  },
  link: {
    eq: ['https://X.io', 'lower(a."website") = $1', ['https://x.io']],
    contains: ['X.io', 'strpos(lower(a."website"), $1) > 0', ['x.io']],
    not_contains: ['x', '(a."website" IS NULL OR strpos(lower(a."website"), $1) = 0)', ['x']],
    null: [null, `(a."website" IS NULL OR lower(a."website") = '')`, []],
    not_null: [null, `(a."website" IS NOT NULL AND lower(a."website") <> '')`, []],
    none: [null, null, []],
  },
  numeric: {
    eq: [10, `a."mrr" = ${num(1)}`, [10]],
    lt: [1.5, `a."mrr" < ${num(1)}`, [1.5]],
    lte: [-2, `a."mrr" <= ${num(1)}`, [-2]],
    gt: [0, `a."mrr" > ${num(1)}`, [0]],
    gte: [1e6, `a."mrr" >= ${num(1)}`, [1e6]],
    between_n: [[1, 2], `a."mrr" BETWEEN ${num(1)} AND ${num(2)}`, [1, 2]],
    null: [null, 'a."mrr" IS NULL', []],
    not_null: [null, 'a."mrr" IS NOT NULL', []],
    none: [null, null, []],
  },
  timestamp: {
    before: ['2024-03-01', `a."created_at" < ${ts(1)}`, ['2024-03-01 00:00:00.000']],
    after: ['2024-03-01', `a."created_at" >= ${ts(1)}`, ['2024-03-02 00:00:00.000']],
    on: ['2024-02-29T23:30:00-05:00', `(a."created_at" >= ${ts(1)} AND a."created_at" < ${ts(2)})`, ['2024-02-29 00:00:00.000', '2024-03-01 00:00:00.000']],
    between: [['2023-12-31', '2024-01-01'], `(a."created_at" >= ${ts(1)} AND a."created_at" < ${ts(2)})`, ['2023-12-31 00:00:00.000', '2024-01-02 00:00:00.000']],
    null: [null, 'a."created_at" IS NULL', []],
    not_null: [null, 'a."created_at" IS NOT NULL', []],
    none: [null, null, []],
  },
  boolean: {
    is: [false, 'a."is_paying" = CAST($1 AS BOOLEAN)', [false]],
    null: [null, 'a."is_paying" IS NULL', []],
    not_null: [null, 'a."is_paying" IS NOT NULL', []],
    none: [null, null, []],
  },
  enum: {
    eq: ['pro', 'a."plan" = $1', ['pro']],
    includes: [['free', 'pro'], 'a."plan" IN ($1, $2)', ['free', 'pro']],
    excludes: [['free'], '(a."plan" IS NULL OR a."plan" NOT IN ($1))', ['free']],
    null: [null, `(a."plan" IS NULL OR a."plan" = '')`, []],
    not_null: [null, `(a."plan" IS NOT NULL AND a."plan" <> '')`, []],
    none: [null, null, []],
  },
  timeseries: { none: [null, null, []] },
  default: {
    eq: [42, 'CAST(a."id" AS TEXT) = $1', ['42']],
    null: [null, `(a."id" IS NULL OR CAST(a."id" AS TEXT) = '')`, []],
    not_null: [null, `(a."id" IS NOT NULL AND CAST(a."id" AS TEXT) <> '')`, []],
    none: [null, null, []],
  },
};

function countOf(field: string, operator: FilterOperator, value: unknown) {
  const filters = [{ field, operator, value }];
  return compileSegmentQuery({ orgId, table: 'accounts', filters }, duckdbDialect).countQuery;
}

describe('filter compiler: every operator × data type (DESIGN §5.3)', () => {
  it('has a case for exactly the operators each data type allows', () => {
    for (const [dataType, operators] of Object.entries(OPERATORS_BY_DATA_TYPE)) {
      expect(Object.keys(CASES[dataType as DataType]).sort()).toEqual([...operators].sort());
    }
  });

  const rows = Object.entries(CASES).flatMap(([dataType, cases]) =>
    Object.entries(cases).map(([operator, [value, condition, params]]) => ({
      dataType,
      operator: operator as FilterOperator,
      value,
      condition,
      params,
    })),
  );

  it.each(rows)('$dataType $operator', ({ dataType, operator, value, condition, params }) => {
    const query = countOf(FIELD_OF[dataType as DataType], operator, value);
    const where = condition === null ? '' : ` WHERE ${condition}`;
    expect(query.sql.trim()).toBe(`SELECT COUNT(*) AS "total" FROM "accounts" a${where}`);
    expect(query.params).toEqual(params);
  });

  it('ANDs filters and binds search once, over the base table’s string and email columns', () => {
    const query = compileSegmentQuery(
      {
        orgId,
        table: 'accounts',
        search: '  ACME ',
        filters: [
          { field: 'plan', operator: 'eq', value: 'pro' },
          { field: 'seats', operator: 'gt', value: 3 },
        ],
      },
      duckdbDialect,
    ).countQuery;
    expect(query.sql.trim()).toBe(
      'SELECT COUNT(*) AS "total" FROM "accounts" a WHERE a."plan" = $1 AND a."seats" > CAST($2 AS DOUBLE PRECISION) AND ' +
        '(strpos(lower(a."name"), $3) > 0 OR strpos(lower(a."domain"), $3) > 0 OR strpos(lower(a."billing_email"), $3) > 0)',
    );
    expect(query.params).toEqual(['pro', 3, 'acme']);
  });

  it('qualifies every table with the organization’s schema on PostgreSQL', () => {
    const compiled = compileSegmentQuery(
      {
        orgId,
        table: 'users',
        columns: ['email', 'account_plan', 'events_7d'],
        sortBy: [{ field: 'account_mrr', isDescending: true }],
      },
      postgresDialect,
    );
    const schema = '"org_0f0e0d0c0b0a09080706050403020100"';
    expect(compiled.pageQuery.sql).toBe(
      `SELECT u."id" AS "id", u."email" AS "email", a."plan" AS "account_plan", um."events_7d" AS "events_7d" ` +
        `FROM ${schema}."users" u LEFT JOIN ${schema}."user_metrics" um ON um.user_id = u.id ` +
        `LEFT JOIN ${schema}."accounts" a ON a.id = u.account_id  ` +
        `ORDER BY a."mrr" DESC NULLS LAST, u."id" COLLATE "C" ASC NULLS LAST LIMIT $1 OFFSET $2`,
    );
    expect(compiled.pageQuery.params).toEqual([50, 0]);
    expect(compiled.countQuery.sql.trim()).toBe(
      `SELECT COUNT(*) AS "total" FROM ${schema}."users" u`,
    );
  });
});
