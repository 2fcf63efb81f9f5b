import { OPERATORS_BY_DATA_TYPE, type DataType, type FilterOperator } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import { OrgCatalogue } from '../catalogue/org-catalogue.js';
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
  list: 'tags',
};

/** A custom attribute `tags` (a source's text[]): the catalogue's list column. */
const catalogue = new OrgCatalogue([
  {
    table: 'accounts',
    name: 'tags',
    label: 'Tags',
    type: 'text_list',
    dataType: 'list',
    options: null,
  },
]);
const items = 'CAST(s."tags" AS TEXT[])';

const ts = (n: number) => `CAST($${n} AS TIMESTAMP)`;
const num = (n: number) => `CAST($${n} AS DOUBLE PRECISION)`;

type Case = [value: unknown, condition: string | null, params: unknown[]];

/** The exact WHERE condition and bound values of every operator × data type it applies to. */
// prettier-ignore
const CASES: Record<DataType, Partial<Record<FilterOperator, Case>>> = {
  string: {
    eq: ['Acme', 'lower(s."name") = $1', ['acme']],
    contains: ['Cm', 'strpos(lower(s."name"), $1) > 0', ['cm']],
    not_contains: ['Cm', '(s."name" IS NULL OR strpos(lower(s."name"), $1) = 0)', ['cm']],
    includes: [['X', 'y'], 'lower(s."name") IN ($1, $2)', ['x', 'y']],
    excludes: [['X'], '(s."name" IS NULL OR lower(s."name") NOT IN ($1))', ['x']],
    null: [null, `(s."name" IS NULL OR lower(s."name") = '')`, []],
    not_null: [undefined, `(s."name" IS NOT NULL AND lower(s."name") <> '')`, []],
    none: [null, null, []],
  },
  email: {
    eq: ['A@B.co', 'lower(s."billing_email") = $1', ['a@b.co']],
    contains: ['@B', 'strpos(lower(s."billing_email"), $1) > 0', ['@b']],
    not_contains: ['x', '(s."billing_email" IS NULL OR strpos(lower(s."billing_email"), $1) = 0)', ['x']],
    includes: [['A@b.co'], 'lower(s."billing_email") IN ($1)', ['a@b.co']],
    excludes: [['A@b.co'], '(s."billing_email" IS NULL OR lower(s."billing_email") NOT IN ($1))', ['a@b.co']],
    null: ['', `(s."billing_email" IS NULL OR lower(s."billing_email") = '')`, []],
    not_null: [null, `(s."billing_email" IS NOT NULL AND lower(s."billing_email") <> '')`, []],
    none: [null, null, []],
  },
  link: {
    eq: ['https://X.io', 'lower(s."website") = $1', ['https://x.io']],
    contains: ['X.io', 'strpos(lower(s."website"), $1) > 0', ['x.io']],
    not_contains: ['x', '(s."website" IS NULL OR strpos(lower(s."website"), $1) = 0)', ['x']],
    null: [null, `(s."website" IS NULL OR lower(s."website") = '')`, []],
    not_null: [null, `(s."website" IS NOT NULL AND lower(s."website") <> '')`, []],
    none: [null, null, []],
  },
  numeric: {
    eq: [10, `s."mrr" = ${num(1)}`, [10]],
    lt: [1.5, `s."mrr" < ${num(1)}`, [1.5]],
    lte: [-2, `s."mrr" <= ${num(1)}`, [-2]],
    gt: [0, `s."mrr" > ${num(1)}`, [0]],
    gte: [1e6, `s."mrr" >= ${num(1)}`, [1e6]],
    between_n: [[1, 2], `s."mrr" BETWEEN ${num(1)} AND ${num(2)}`, [1, 2]],
    null: [null, 's."mrr" IS NULL', []],
    not_null: [null, 's."mrr" IS NOT NULL', []],
    none: [null, null, []],
  },
  timestamp: {
    before: ['2024-03-01', `s."created_at" < ${ts(1)}`, ['2024-03-01 00:00:00.000']],
    after: ['2024-03-01', `s."created_at" >= ${ts(1)}`, ['2024-03-02 00:00:00.000']],
    on: ['2024-02-29T23:30:00-05:00', `(s."created_at" >= ${ts(1)} AND s."created_at" < ${ts(2)})`, ['2024-02-29 00:00:00.000', '2024-03-01 00:00:00.000']],
    between: [['2023-12-31', '2024-01-01'], `(s."created_at" >= ${ts(1)} AND s."created_at" < ${ts(2)})`, ['2023-12-31 00:00:00.000', '2024-01-02 00:00:00.000']],
    // Relative to AS_OF's day, 2024-03-10 (docs/product.md §5.1).
    last_n_days: [7, `(s."created_at" >= ${ts(1)} AND s."created_at" < ${ts(2)})`, ['2024-03-03 00:00:00.000', '2024-03-11 00:00:00.000']],
    older_than_n_days: [30, `s."created_at" < ${ts(1)}`, ['2024-02-09 00:00:00.000']],
    next_n_days: [1, `(s."created_at" >= ${ts(1)} AND s."created_at" < ${ts(2)})`, ['2024-03-10 00:00:00.000', '2024-03-12 00:00:00.000']],
    null: [null, 's."created_at" IS NULL', []],
    not_null: [null, 's."created_at" IS NOT NULL', []],
    none: [null, null, []],
  },
  boolean: {
    is: [false, 's."is_paying" = CAST($1 AS BOOLEAN)', [false]],
    null: [null, 's."is_paying" IS NULL', []],
    not_null: [null, 's."is_paying" IS NOT NULL', []],
    none: [null, null, []],
  },
  enum: {
    eq: ['pro', 's."plan" = $1', ['pro']],
    includes: [['free', 'pro'], 's."plan" IN ($1, $2)', ['free', 'pro']],
    excludes: [['free'], '(s."plan" IS NULL OR s."plan" NOT IN ($1))', ['free']],
    null: [null, `(s."plan" IS NULL OR s."plan" = '')`, []],
    not_null: [null, `(s."plan" IS NOT NULL AND s."plan" <> '')`, []],
    none: [null, null, []],
  },
  timeseries: { none: [null, null, []] },
  list: {
    contains: ['smb', `${items} && CAST(ARRAY[$1] AS TEXT[])`, ['smb']],
    includes: [['smb', 'mid'], `${items} && CAST(ARRAY[$1, $2] AS TEXT[])`, ['smb', 'mid']],
    excludes: [['smb'], `(s."tags" IS NULL OR NOT (${items} && CAST(ARRAY[$1] AS TEXT[])))`, ['smb']],
    null: [null, `(s."tags" IS NULL OR ${items} = CAST(ARRAY[] AS TEXT[]))`, []],
    not_null: [null, `(s."tags" IS NOT NULL AND NOT ${items} = CAST(ARRAY[] AS TEXT[]))`, []],
    none: [null, null, []],
  },
  default: {
    eq: [42, 'CAST(s."id" AS TEXT) = $1', ['42']],
    null: [null, `(s."id" IS NULL OR CAST(s."id" AS TEXT) = '')`, []],
    not_null: [null, `(s."id" IS NOT NULL AND CAST(s."id" AS TEXT) <> '')`, []],
    none: [null, null, []],
  },
};

/** The moment relative dates count from: 2024-03-10 15:00 UTC. */
const AS_OF = Date.UTC(2024, 2, 10, 15);

function countOf(field: string, operator: FilterOperator, value: unknown) {
  const filters = [{ field, operator, value }];
  return compileSegmentQuery(
    { orgId, table: 'accounts', filters, catalogue, asOf: AS_OF },
    duckdbDialect,
  ).countQuery;
}

describe('filter compiler: every operator × data type (docs/architecture.md §5.3)', () => {
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
    expect(query.sql.trim()).toBe(`SELECT COUNT(*) AS "total" FROM "segment_accounts" s${where}`);
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
      'SELECT COUNT(*) AS "total" FROM "segment_accounts" s WHERE s."plan" = $1 AND s."seats" > CAST($2 AS DOUBLE PRECISION) AND ' +
        '(strpos(lower(s."name"), $3) > 0 OR strpos(lower(s."domain"), $3) > 0 OR strpos(lower(s."billing_email"), $3) > 0 OR ' +
        'strpos(lower(s."owner_name"), $3) > 0 OR strpos(lower(s."owner_email"), $3) > 0)',
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
      `SELECT s."id" AS "id", s."email" AS "email", s."account_plan" AS "account_plan", s."events_7d" AS "events_7d" ` +
        `FROM ${schema}."segment_users" s  ` +
        `ORDER BY s."account_mrr" DESC NULLS LAST, s."id" COLLATE "C" ASC NULLS LAST LIMIT $1 OFFSET $2`,
    );
    expect(compiled.pageQuery.params).toEqual([50, 0]);
    expect(compiled.countQuery.sql.trim()).toBe(
      `SELECT COUNT(*) AS "total" FROM ${schema}."segment_users" s`,
    );
  });
});
