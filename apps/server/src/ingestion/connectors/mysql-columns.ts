import type { LandingWarning } from '@revlane/contracts';
import { arrayLiteral, decimalType, MAX_DECIMAL_PRECISION } from '../../warehouse/index.js';
import type { ExtractedColumn } from '../../integrations/index.js';
import {
  BYTES_NOTE,
  countedMessage,
  landingAs,
  WIDE_NUMBERS,
  type CatalogueColumn,
  type CountedWords,
} from './database-connector.js';

export interface MySqlColumn extends CatalogueColumn {
  /** information_schema's DATA_TYPE, lower case (`decimal`, `tinyint`, `set`). */
  dataType: string;
  numericPrecision: number | null;
  numericScale: number | null;
}

/**
 * How one MySQL/MariaDB column lands: its warehouse type, and how a value as the driver
 * gives it (strings for DECIMAL, BIGINT and dates, Buffers for BIT) becomes the load
 * format's; `null` from `convert` for a value that is not null means it could not be kept,
 * and the run counts it under `unkept`.
 */
export interface MySqlColumnPlan {
  column: ExtractedColumn;
  /** The expression the extract selects, when not the column itself (geometry's text). */
  select?: (quoted: string) => string;
  convert?: (value: unknown) => unknown;
  unkept?: CountedWords;
  /** Why one value was not kept, when a column's values fail for different reasons. */
  unkeptAs?: (value: unknown) => CountedWords;
  /** Every value lands, but as text: the run counts them under this message. */
  asText?: CountedWords;
  /** A check over the whole table that decides the plan (TINYINT(1) holding 2, say). */
  probe?: { aggregate(quoted: string): string; decide(value: unknown): MySqlColumnPlan };
}

/** A date or datetime with a zero year, month or day (`0000-00-00`, `2024-00-15`). */
const ZERO_DATE = /^(0000-|\d{4}-00-|\d{4}-\d{2}-00)/;
const ZERO_DATE_MESSAGE: CountedWords = {
  one: 'zero date landed empty',
  other: 'zero dates landed empty',
};
const INVALID_DATE_MESSAGE: CountedWords = {
  one: 'invalid date landed empty',
  other: 'invalid dates landed empty',
};
const ZERO_OR_INVALID_DATE_MESSAGE: CountedWords = {
  one: 'zero or invalid date landed empty',
  other: 'zero or invalid dates landed empty',
};

/**
 * A date no calendar has (`2024-02-30`), which a lax sql_mode (ALLOW_INVALID_DATES) lets a
 * table hold and neither warehouse accepts.
 */
function invalidDate(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days === undefined || day > days;
}
const unkeptDate = (value: unknown) =>
  typeof value === 'string' && (ZERO_DATE.test(value) || invalidDate(value));

/** A BIT(n) value (big-endian bytes) as an unsigned integer. */
const bitsOf = (value: unknown) =>
  Buffer.isBuffer(value) ? BigInt(`0x${value.toString('hex') || '0'}`) : value;

/** A SET value `a,b` as a list (members cannot hold commas). */
const setMembers = (value: unknown) =>
  typeof value === 'string' ? arrayLiteral(value === '' ? [] : value.split(',')) : value;

const INTEGERS = new Set(['tinyint', 'smallint', 'mediumint', 'int', 'integer', 'bigint', 'year']);
const BYTES = new Set(['binary', 'varbinary', 'tinyblob', 'blob', 'mediumblob', 'longblob']);
const GEOMETRIES = new Set([
  'geometry',
  'point',
  'linestring',
  'polygon',
  'multipoint',
  'multilinestring',
  'multipolygon',
  'geometrycollection',
  'geomcollection',
]);

/**
 * How each MySQL type lands, exactly (docs/architecture.md §5.5): DECIMAL(p,s) as an exact
 * decimal (p ≤ 38, else as text), BIGINT UNSIGNED as DECIMAL(20,0), BIT(1) and TINYINT(1)
 * as booleans (TINYINT(1) only while it holds nothing but 0 and 1), DATE as a date, zero
 * and invalid dates (`2024-02-30`) empty and counted, SET as a list, JSON (MariaDB's too,
 * found by the connector) as JSON, bytes as hex text (`\x…`), geometries as their WKT text,
 * the rest as text.
 */
export function planMySqlColumn(source: MySqlColumn): MySqlColumnPlan {
  const column = landingAs(source);
  const type = source.type.toLowerCase();
  const unsigned = type.includes('unsigned');
  const { dataType } = source;
  if (dataType === 'tinyint' && /^tinyint\(1\)/.test(type))
    return {
      column: column('boolean'),
      probe: {
        aggregate: (q) => `SUM(CASE WHEN ${q} NOT IN (0, 1) THEN 1 ELSE 0 END)`,
        decide: (others) =>
          Number(others ?? 0) > 0
            ? { column: column('bigint', 'TINYINT(1) holding values other than 0 and 1') }
            : { column: column('boolean'), convert: (value) => Number(value) !== 0 },
      },
    };
  if (dataType === 'bigint' && unsigned) return { column: column(decimalType(20, 0)) };
  if (INTEGERS.has(dataType)) return { column: column('bigint') };
  if (dataType === 'bit') {
    const width = Number(source.numericPrecision ?? 1);
    if (width === 1)
      return { column: column('boolean'), convert: (value) => Number(bitsOf(value)) === 1 };
    return {
      column: column(width < 64 ? 'bigint' : decimalType(20, 0)),
      convert: bitsOf,
    };
  }
  if (dataType === 'decimal') {
    const precision = Number(source.numericPrecision ?? 10);
    const scale = Number(source.numericScale ?? 0);
    return precision <= MAX_DECIMAL_PRECISION
      ? { column: column(decimalType(precision, scale)) }
      : {
          column: column('text', 'numbers wider than 38 digits: landed as text, every digit kept'),
          asText: WIDE_NUMBERS,
        };
  }
  if (dataType === 'float' || dataType === 'double' || dataType === 'real')
    return { column: column('double') };
  if (dataType === 'date' || dataType === 'datetime' || dataType === 'timestamp')
    return {
      column: column(dataType === 'date' ? 'date' : 'timestamp'),
      convert: (value) => (unkeptDate(value) ? null : value),
      unkept: ZERO_OR_INVALID_DATE_MESSAGE,
      unkeptAs: (value) =>
        typeof value === 'string' && ZERO_DATE.test(value)
          ? ZERO_DATE_MESSAGE
          : INVALID_DATE_MESSAGE,
    };
  if (dataType === 'set') return { column: column('text_list'), convert: setMembers };
  if (dataType === 'json') return { column: column('json') };
  if (BYTES.has(dataType)) return { column: column('text', BYTES_NOTE) };
  if (GEOMETRIES.has(dataType))
    return {
      column: column('text', 'geometry: landed as its WKT text, after "SRID=n;" when it has one'),
      // The driver would parse it into points and lose the type and the SRID: its text.
      select: (q) =>
        `CASE WHEN ST_SRID(${q}) = 0 THEN ST_AsText(${q}) ` +
        `ELSE CONCAT('SRID=', ST_SRID(${q}), ';', ST_AsText(${q})) END`,
    };
  return { column: column('text') };
}

/** Counts, per column, the values a plan could not keep or kept as text, with an example. */
export class UnkeptValues {
  private readonly counts: number[];
  private readonly examples: (string | null)[];
  /** Each column's reasons for the values it did not keep (`unkeptAs`). */
  private readonly reasons: Set<CountedWords>[];

  constructor(private readonly plans: readonly MySqlColumnPlan[]) {
    this.counts = plans.map(() => 0);
    this.examples = plans.map(() => null);
    this.reasons = plans.map(() => new Set());
  }

  /** The row in the load format's values, counting what does not land as it is. */
  convert(row: unknown[]): unknown[] {
    for (let index = 0; index < row.length; index += 1) {
      const plan = this.plans[index]!;
      const value = row[index];
      if (value === null || value === undefined) continue;
      if (plan.asText) this.count(index, value);
      if (!plan.convert) continue;
      const converted = plan.convert(value);
      if (converted === null && plan.unkept) {
        this.count(index, value);
        if (plan.unkeptAs) this.reasons[index]!.add(plan.unkeptAs(value));
      }
      row[index] = converted;
    }
    return row;
  }

  warnings(): LandingWarning[] {
    return this.plans.flatMap((plan, index) => {
      const count = this.counts[index]!;
      const reasons = [...this.reasons[index]!];
      // One reason names it (zero dates); several share the plan's words.
      const message = (reasons.length === 1 ? reasons[0] : plan.unkept) ?? plan.asText;
      if (count === 0 || !message) return [];
      return [
        {
          column: plan.column.name,
          count,
          example: this.examples[index]!,
          message: countedMessage(count, message),
        },
      ];
    });
  }

  private count(index: number, value: unknown) {
    this.counts[index]! += 1;
    this.examples[index] ??= Buffer.isBuffer(value) ? value.toString('hex') : String(value);
  }
}
