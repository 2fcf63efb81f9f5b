import {
  FILTER_OPERATORS,
  GROUP_AGGREGATES,
  OPERATORS_BY_DATA_TYPE,
  type BaseTable,
  type SegmentColumn,
} from '@revlane/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getColumns } from '../catalogue/columns.js';
import { compileSegmentQuery } from '../compiler/compile-segment-query.js';
import { isSegmentQueryError } from '../compiler/segment-query-error.js';
import type { SegmentQueryInput } from '../compiler/segment-query-input.js';
import { TEST_ENGINES, useHandMadeWarehouse } from './engines.js';

/** Input text is wrapped in ⟦…⟧ so "appears in the SQL" cannot be a coincidence. */
const marked = fc
  .oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(`'; DROP TABLE accounts; --`, '" OR 1=1 --', '$1', '\\', '%_'),
  )
  .map((text) => `⟦${text}⟧`);
const day = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .chain((date) => fc.constantFrom(date.toISOString().slice(0, 10), date.toISOString()));

function valueFor(column: SegmentColumn, kind: string, chaos: number): fc.Arbitrary<unknown> {
  const options = fc.constantFrom(...(column.options ?? ['x']));
  const number = fc.oneof(
    fc.integer({ min: -1e6, max: 1e6 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
  const shaped: Record<string, fc.Arbitrary<unknown>> = {
    none: fc.constantFrom(null, undefined, ''),
    scalar:
      column.dataType === 'numeric'
        ? number
        : column.options
          ? options
          : fc.oneof(marked, fc.integer()),
    number,
    'number-range': fc.tuple(
      fc.integer({ min: -100, max: 100 }),
      fc.integer({ min: 100, max: 1000 }),
    ),
    text: marked,
    boolean: fc.boolean(),
    list: fc.array(column.options ? options : fc.oneof(marked, fc.integer()), {
      minLength: 1,
      maxLength: 3,
    }),
    date: day,
    'date-range': fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
    days: fc.integer({ min: 1, max: 36_500 }),
  };
  return fc.oneof(
    { weight: 10, arbitrary: shaped[kind]! },
    { weight: chaos, arbitrary: fc.anything() },
  );
}

function filterFor(table: BaseTable, chaos: number): fc.Arbitrary<unknown> {
  const columns = getColumns(table);
  const fitting = fc.constantFrom(...columns).chain((column) =>
    fc.constantFrom(...OPERATORS_BY_DATA_TYPE[column.dataType]).chain((operator) =>
      valueFor(column, FILTER_OPERATORS[operator].value, chaos).map((value) => ({
        field: column.name,
        operator,
        value,
      })),
    ),
  );
  const name = fc.oneof(fc.constantFrom(...columns.map((column) => column.name)), marked);
  const random = fc.record({
    field: name,
    operator: fc.oneof(fc.constantFrom(...Object.keys(FILTER_OPERATORS)), marked),
    value: fc.anything(),
  });
  return fc.oneof(
    { weight: 20, arbitrary: fitting },
    { weight: chaos, arbitrary: fc.oneof(random, fc.anything()) },
  );
}

/**
 * Queries mostly well formed (chaos 0: every part fits the catalogue, so the SQL must run)
 * or salted with garbage (chaos 1–4: unknown names, wrong shapes, random values).
 */
function queryFor(orgId: string): fc.Arbitrary<SegmentQueryInput> {
  return fc
    .tuple(fc.constantFrom<BaseTable>('accounts', 'users'), fc.constantFrom(0, 0, 1, 2, 4))
    .chain(([table, chaos]) => {
      const columns = getColumns(table);
      const known = fc.constantFrom(...columns.map((column) => column.name));
      const sortable = fc.constantFrom(
        ...columns.filter((c) => c.dataType !== 'timeseries').map((c) => c.name),
      );
      const name = (arbitrary: fc.Arbitrary<string>) =>
        fc.oneof({ weight: 10, arbitrary }, { weight: chaos, arbitrary: marked });
      const sortBy = fc.array(fc.record({ field: name(sortable), isDescending: fc.boolean() }), {
        maxLength: 3,
      });
      return fc.record(
        {
          orgId: fc.constant(orgId),
          table: fc.constant(table),
          filters: fc.array(filterFor(table, chaos), { maxLength: 4 }),
          search: marked,
          columns: fc.array(name(known), { maxLength: 5 }),
          page: fc.oneof(
            { weight: 10, arbitrary: fc.integer({ min: 1, max: 4 }) },
            { weight: chaos, arbitrary: fc.double() },
          ),
          perPage: fc.oneof(
            { weight: 10, arbitrary: fc.integer({ min: 1, max: 800 }) },
            { weight: chaos, arbitrary: fc.double() },
          ),
          ...(chaos === 0
            ? { sortBy }
            : { sortBy, groupBy: fc.array(name(sortable), { maxLength: 2 }) }),
        },
        { requiredKeys: ['orgId', 'table'] },
      );
    });
}

/** Grouped queries: group columns, then sorts by what groups offer. */
function groupedQueryFor(orgId: string): fc.Arbitrary<SegmentQueryInput> {
  return fc.constantFrom<BaseTable>('accounts', 'users').chain((table) => {
    const groupable = getColumns(table)
      .filter((c) => c.dataType !== 'timeseries')
      .map((c) => c.name);
    const numeric = getColumns(table)
      .filter((c) => c.dataType === 'numeric')
      .map((c) => c.name);
    return fc
      .uniqueArray(fc.constantFrom(...groupable), { minLength: 1, maxLength: 2 })
      .chain((groupBy) =>
        fc.record({
          orgId: fc.constant(orgId),
          table: fc.constant(table),
          groupBy: fc.constant(groupBy),
          filters: fc.array(filterFor(table, 0), { maxLength: 2 }),
          search: marked,
          // Any aggregate, fitting or not (a choice that does not fit shows the default).
          aggregates: fc.dictionary(
            fc.constantFrom(...numeric),
            fc.oneof(fc.constantFrom(...GROUP_AGGREGATES), marked),
          ),
          sortBy: fc.array(
            fc.record({
              field: fc.constantFrom('count', ...groupBy, ...numeric),
              isDescending: fc.boolean(),
            }),
            { maxLength: 2 },
          ),
        }),
      );
  });
}

/** Every marked string anywhere in the input. */
function markedStrings(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string' && value.includes('⟦')) found.push(value);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) markedStrings(item, found);
  return found;
}

describe.each(TEST_ENGINES)('segment compiler properties on $name', (engine) => {
  const loaded = useHandMadeWarehouse(engine);
  const { orgId } = loaded;

  it('answers any payload with a typed validation error or SQL that runs, never splicing input into SQL', async () => {
    const runs = engine.name === 'duckdb' ? 300 : 150;
    let ran = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(queryFor(orgId), groupedQueryFor(orgId)), async (input) => {
        let compiled;
        try {
          compiled = compileSegmentQuery(input, loaded.warehouse.dialect);
        } catch (error) {
          if (!isSegmentQueryError(error)) throw error;
          expect(error.issues.length).toBeGreaterThan(0);
          refused += 1;
          return;
        }
        const queries = [compiled.pageQuery, compiled.countQuery, compiled.exportQuery];
        if (compiled.grouping)
          queries.push(compiled.grouping.groupsQuery, compiled.grouping.countQuery);
        for (const text of markedStrings(input)) {
          for (const query of queries) expect(query.sql).not.toContain(text);
        }
        for (const query of queries) await loaded.warehouse.query(orgId, query);
        ran += 1;
      }),
      { numRuns: runs, seed: Number(process.env.FC_SEED ?? 4242) },
    );
    // Both outcomes must be exercised, or the property proves little.
    expect(ran).toBeGreaterThan(runs / 3);
    expect(refused).toBeGreaterThan(runs / 20);
  });
});
