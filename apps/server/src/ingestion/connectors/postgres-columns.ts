import type { LandingWarning } from '@revlane/contracts';
import { decimalType, MAX_DECIMAL_PRECISION, type LogicalType } from '../../warehouse/index.js';
import type { ExtractedColumn } from '../../integrations/index.js';
import {
  BYTES_NOTE,
  countedMessage,
  landingAs,
  WIDE_NUMBERS,
  type CatalogueColumn,
  type CountedWords,
} from './database-connector.js';

/** A PostgreSQL column as the catalogue describes it, a domain read as its base type. */
export interface PgColumn extends CatalogueColumn {
  /** The base type's name (`numeric`, `_text` for text[], `int4`). */
  base: string;
  /** `b` base, `A` array, `E` enum, `N` numeric, … (pg_type.typcategory). */
  category: string;
  /** The type modifier (precision and scale of a numeric), -1 when none. */
  typmod: number;
  /** An array's element type name. */
  element: string | null;
}

/** A SQL text of the column, quoted; plans build their expressions over it. */
type Quoted = string;

/**
 * How one column lands: the warehouse type, the expression the extract selects, and the
 * values it cannot keep (`unkept`, a condition: they land empty and are counted).
 */
export interface PgColumnPlan {
  column: ExtractedColumn;
  select(quoted: Quoted): string;
  unkept?: { condition(quoted: Quoted): string; message: CountedWords };
  /** Over the whole table: decides the type before the extract (unconstrained numeric, arrays). */
  probe?: { aggregates(quoted: Quoted): string[]; decide(values: unknown[]): PgColumnPlan };
  /** Every value lands, but as text: the run says so with the count of values. */
  asText?: CountedWords;
}

const INTEGERS = new Set(['int2', 'int4', 'int8', 'oid', 'xid', 'cid']);
const FLOATS = new Set(['float4', 'float8']);
const TEXT_ELEMENTS = (element: string) => !INTEGERS.has(element);

/** Years 1 to 9999: what both warehouses and an ISO date hold; others land empty. */
const outOfRange = (first: string, end: string) => (quoted: Quoted) =>
  `(NOT isfinite(${quoted}) OR ${quoted} < ${first} OR ${quoted} >= ${end})`;
const OUT_OF_RANGE_MESSAGE: CountedWords = {
  one: 'value outside the years 1 to 9999 (infinity, a date before Christ) landed empty',
  other: 'values outside the years 1 to 9999 (infinity, dates before Christ) landed empty',
};
/**
 * Compared as text: numeric reads 'Infinity' only from PostgreSQL 14 on, and an older server
 * would refuse the literal (and the whole table with it).
 */
const NOT_A_NUMBER = (quoted: Quoted) => `(${quoted})::text IN ('NaN', 'Infinity', '-Infinity')`;
const NOT_A_NUMBER_MESSAGE: CountedWords = {
  one: 'value NaN or Infinity, which a decimal cannot hold, landed empty',
  other: 'values NaN or Infinity, which a decimal cannot hold, landed empty',
};

/** numeric(p,s)'s precision and scale from its type modifier (scale may be negative). */
function numericModifier(typmod: number): { precision: number; scale: number } | null {
  if (typmod < 4) return null;
  const precision = ((typmod - 4) >> 16) & 0xffff;
  const raw = (typmod - 4) & 0x7ff;
  const scale = raw > 0x3ff ? raw - 0x800 : raw;
  return { precision, scale };
}

/**
 * The exact decimal a numeric(p,s) lands as: digits before the point `p - s` (none when
 * negative), after it `s` (none when negative: numeric(2,-3) holds 99000), within 38.
 */
function exactDecimalOf(precision: number, scale: number): LogicalType | null {
  const before = Math.max(precision - scale, 0);
  const after = Math.max(scale, 0);
  if (before + after > MAX_DECIMAL_PRECISION) return null;
  return decimalType(Math.max(before + after, 1), after);
}

const plain = (column: ExtractedColumn): PgColumnPlan => ({ column, select: (q) => q });

/**
 * How each PostgreSQL type lands, exactly (docs/architecture.md §5.5): numbers as exact
 * decimals (precision ≤ 38) or integers, money as a decimal, an interval as its seconds,
 * dates as dates, arrays as lists (or JSON when they have several dimensions), JSON as JSON,
 * and every other type (enums, ranges, uuid, bit strings, …) as its text. Nothing is
 * rounded: what a type cannot hold lands empty and is counted, or the column lands as text.
 */
export function planPostgresColumn(source: PgColumn): PgColumnPlan {
  const column = landingAs(source);
  const { base } = source;
  if (INTEGERS.has(base)) return plain(column('bigint'));
  if (FLOATS.has(base)) return plain(column('double'));
  if (base === 'bool') return plain(column('boolean'));
  if (base === 'json' || base === 'jsonb') return plain(column('json'));
  if (base === 'bytea') return plain(column('text', BYTES_NOTE));
  if (base === 'money')
    return {
      column: column(decimalType(23, 4), 'money: landed as a decimal, the currency symbol dropped'),
      select: (q) => `${q}::numeric`,
    };
  if (base === 'interval')
    return {
      column: column(
        decimalType(38, 6),
        'interval: landed as seconds (a month counts 30 days, a year 365.25)',
      ),
      select: (q) => `extract(epoch FROM ${q})`,
    };
  if (base === 'date') return rangeChecked(column('date'), "'0001-01-01'", "'10000-01-01'");
  if (base === 'timestamp')
    return rangeChecked(column('timestamp'), "'0001-01-01'", "'10000-01-01'");
  if (base === 'timestamptz')
    return rangeChecked(
      column('timestamp', 'an instant: landed as UTC'),
      "'0001-01-01 00:00:00+00'",
      "'10000-01-01 00:00:00+00'",
      (q) => `(${q} AT TIME ZONE 'UTC')`,
    );
  if (base === 'numeric') return numericPlan(source, column);
  if (source.category === 'A' && source.element) return arrayPlan(source, column);
  return plain(column('text'));
}

function rangeChecked(
  column: ExtractedColumn,
  first: string,
  end: string,
  value: (quoted: Quoted) => string = (q) => q,
): PgColumnPlan {
  const condition = outOfRange(first, end);
  return {
    column,
    select: (q) => `CASE WHEN ${condition(q)} THEN NULL ELSE ${value(q)} END`,
    unkept: { condition, message: OUT_OF_RANGE_MESSAGE },
  };
}

function numericPlan(
  source: PgColumn,
  column: (type: LogicalType, note?: string) => ExtractedColumn,
): PgColumnPlan {
  const asDecimal = (type: LogicalType): PgColumnPlan => ({
    column: column(type),
    select: (q) => `CASE WHEN ${NOT_A_NUMBER(q)} THEN NULL ELSE ${q} END`,
    unkept: { condition: NOT_A_NUMBER, message: NOT_A_NUMBER_MESSAGE },
  });
  const asText: PgColumnPlan = {
    column: column('text', 'numbers wider than 38 digits: landed as text, every digit kept'),
    select: (q) => q,
    asText: WIDE_NUMBERS,
  };
  const modifier = numericModifier(source.typmod);
  if (modifier) {
    const type = exactDecimalOf(modifier.precision, modifier.scale);
    return type ? asDecimal(type) : asText;
  }
  // numeric without precision: the data says how many digits it needs (whole table).
  return {
    ...asDecimal('text'),
    probe: {
      aggregates: (q) => [
        `max(scale(${q})) FILTER (WHERE NOT ${NOT_A_NUMBER(q)})`,
        `max(length(trunc(abs(${q}))::text)) FILTER (WHERE NOT ${NOT_A_NUMBER(q)})`,
      ],
      decide: ([scale, whole]) => {
        const after = Number(scale ?? 0);
        const before = Number(whole ?? 1);
        return before + after > MAX_DECIMAL_PRECISION
          ? asText
          : asDecimal(decimalType(MAX_DECIMAL_PRECISION, after));
      },
    },
  };
}

function arrayPlan(
  source: PgColumn,
  column: (type: LogicalType, note?: string) => ExtractedColumn,
): PgColumnPlan {
  const listType: LogicalType = TEXT_ELEMENTS(source.element!) ? 'text_list' : 'bigint_list';
  // An array whose first index is not 1 prints its bounds (`[0:1]={a,b}`): a slice renumbers.
  const list: PgColumnPlan = {
    column: column(listType),
    select: (q) =>
      `CASE WHEN coalesce(array_lower(${q}, 1), 1) = 1 THEN ${q} ` +
      `ELSE ${q}[array_lower(${q}, 1):array_upper(${q}, 1)] END`,
  };
  const nested: PgColumnPlan = {
    column: column('json', 'an array of several dimensions: landed as JSON'),
    select: (q) => `to_json(${q})`,
  };
  return {
    ...list,
    probe: {
      aggregates: (q) => [`max(array_ndims(${q}))`],
      decide: ([dimensions]) => (Number(dimensions ?? 1) > 1 ? nested : list),
    },
  };
}

/**
 * Settles each column's plan and counts what will not land as it is, in the extract's own
 * snapshot: probes read the whole table (a type must not depend on which rows are new),
 * counts and examples only the rows extracted (`where`, a condition, or `true`).
 */
export async function settlePlans(
  plans: readonly PgColumnPlan[],
  quote: (name: string) => string,
  where: string,
  run: (sql: string) => Promise<unknown[]>,
): Promise<{ plans: PgColumnPlan[]; warnings: LandingWarning[] }> {
  const probes = plans.flatMap((plan, index) =>
    plan.probe ? plan.probe.aggregates(quote(plan.column.name)).map((sql) => ({ index, sql })) : [],
  );
  let settled = [...plans];
  if (probes.length > 0) {
    const values = await run(probes.map((probe) => probe.sql).join(', '));
    settled = plans.map((plan, index) => {
      if (!plan.probe) return plan;
      const own = probes.flatMap((probe, at) => (probe.index === index ? [values[at]] : []));
      return plan.probe.decide(own);
    });
  }
  const counted = settled.flatMap((plan) => {
    const q = quote(plan.column.name);
    if (plan.unkept) {
      const bad = `${q} IS NOT NULL AND ${plan.unkept.condition(q)} AND (${where})`;
      return [{ plan, message: plan.unkept.message, bad }];
    }
    if (plan.asText)
      return [{ plan, message: plan.asText, bad: `${q} IS NOT NULL AND (${where})` }];
    return [];
  });
  if (counted.length === 0) return { plans: settled, warnings: [] };
  const values = await run(
    counted
      .flatMap(({ plan, bad }) => {
        const q = quote(plan.column.name);
        return [`count(*) FILTER (WHERE ${bad})`, `min(${q}::text) FILTER (WHERE ${bad})`];
      })
      .join(', '),
  );
  const warnings = counted.flatMap(({ plan, message }, index) => {
    const count = Number(values[index * 2] ?? 0);
    if (count === 0) return [];
    const example = values[index * 2 + 1];
    return [
      {
        column: plan.column.name,
        count,
        // The example was selected as `::text`.
        example: typeof example === 'string' ? example : null,
        message: countedMessage(count, message),
      },
    ];
  });
  return { plans: settled, warnings };
}
