import pg from 'pg';
import {
  decimalFromText,
  isoFromTimestampText,
  toSafeInteger,
} from '../engine/value-conversion.js';

const OID = { int8: 20, numeric: 1700, timestamp: 1114, timestamptz: 1184 } as const;

/**
 * Parsers that make `pg` return what the DuckDB engine returns. Arrays are INTEGER[]
 * only (sparklines), which pg already parses to numbers.
 */
const parsers: Record<number, (text: string) => unknown> = {
  [OID.int8]: toSafeInteger,
  [OID.numeric]: decimalFromText,
  // Stored as UTC without a zone; pg's default would read it in the process's time zone.
  [OID.timestamp]: isoFromTimestampText,
  [OID.timestamptz]: (text) => new Date(text).toISOString(),
};

const defaultParser = pg.types.getTypeParser as (oid: number, format?: string) => unknown;

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
