import pg from 'pg';
import {
  decimalFromText,
  isoFromTimestampText,
  toSafeInteger,
} from '../engine/value-conversion.js';

const OID = {
  int8: 20,
  int8Array: 1016,
  date: 1082,
  numeric: 1700,
  timestamp: 1114,
  timestamptz: 1184,
} as const;

const defaultParser = pg.types.getTypeParser as (oid: number, format?: string) => unknown;
const parseTextArray = defaultParser(1009) as (text: string) => (string | null)[];

/**
 * Parsers that make `pg` return what the DuckDB engine returns. INTEGER[] (sparklines)
 * and TEXT[] pg already parses so; BIGINT[] items convert as BIGINT does.
 */
const parsers: Record<number, (text: string) => unknown> = {
  [OID.int8]: toSafeInteger,
  [OID.numeric]: decimalFromText,
  // A calendar day stays its text; pg's default makes a Date at local midnight.
  [OID.date]: (text) => text,
  [OID.int8Array]: (text) =>
    parseTextArray(text).map((item) => (item === null ? null : toSafeInteger(item))),
  // Stored as UTC without a zone; pg's default would read it in the process's time zone.
  [OID.timestamp]: isoFromTimestampText,
  [OID.timestamptz]: (text) => new Date(text).toISOString(),
};

/**
 * Type parsers of the warehouse pool only: the metadata database keeps pg's defaults, so
 * nothing global (`pg.types.setTypeParser`) is touched.
 */
export const warehouseTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    format !== 'binary' && parsers[oid]
      ? parsers[oid]
      : defaultParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
} satisfies pg.CustomTypesConfig;
