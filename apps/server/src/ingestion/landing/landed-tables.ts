import type { Warehouse } from '../../warehouse/index.js';
import type { LandedTableState } from '../../platform/database/schema/index.js';
import { nextTableName } from '../../warehouse/index.js';

const MAX_IDENTIFIER = 63;

/**
 * A safe warehouse identifier for a name from a source (a table, a CSV header): lower case,
 * anything but letters, digits and `_` becomes `_`, never starting with a digit, unique
 * among `taken`. Source names never reach SQL as they are (docs/architecture.md §5.2).
 */
export function safeIdentifier(raw: string, taken: Set<string>, maxLength = MAX_IDENTIFIER) {
  let base = raw
    .normalize('NFKD')
    // Accents come apart from their letters under NFKD and are dropped: `naïve` → `naive`.
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!/^[a-z_]/.test(base)) base = `c_${base}`;
  base = base.slice(0, maxLength) || 'c';
  let name = base;
  for (let n = 2; taken.has(name); n += 1) {
    const suffix = `_${n}`;
    name = `${base.slice(0, maxLength - suffix.length)}${suffix}`;
  }
  taken.add(name);
  return name;
}

/** What every raw table of the source starts with. */
export const rawTablePrefix = (sourceId: string) =>
  `src_${sourceId.replace(/-/g, '').slice(0, 8)}_`;

/**
 * The raw table a source's table lands as: `src_<8 hex of the source id>_<table>`, short
 * enough to leave room for the `__next` the load builds beside it.
 */
export function rawTableName(sourceId: string, table: string, taken: Set<string>): string {
  const prefix = rawTablePrefix(sourceId);
  const budget = MAX_IDENTIFIER - prefix.length - nextTableName('').length;
  return `${prefix}${safeIdentifier(table, taken, budget)}`;
}

/** Drops the organization's tables of these names (those that exist), in one transaction. */
export async function dropTables(
  warehouse: Warehouse,
  orgId: string,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  await warehouse.execute(
    orgId,
    names.map((name) => ({
      sql: `DROP TABLE IF EXISTS ${warehouse.dialect.table(orgId, name)}`,
      params: [],
    })),
  );
}

/** Drops every table a source landed, and any half-built `__next` beside it. */
export async function dropLandedTables(
  warehouse: Warehouse,
  orgId: string,
  source: { landed: Record<string, LandedTableState> },
): Promise<void> {
  const names = Object.values(source.landed).flatMap((state) => [
    state.warehouseTable,
    nextTableName(state.warehouseTable),
  ]);
  await dropTables(warehouse, orgId, names);
}

/**
 * Drops the `__next` tables a killed run of the source left half built (ADR 0027), also those
 * of tables no longer selected, which no later load would rebuild. Only while no run of the
 * source is loading: at the start of its next run, or when the sweep fails its dead run.
 */
export async function dropLeftoverNextTables(
  warehouse: Warehouse,
  orgId: string,
  sourceId: string,
): Promise<string[]> {
  const leftovers = (await warehouse.listTables(orgId, rawTablePrefix(sourceId))).filter((name) =>
    name.endsWith(nextTableName('')),
  );
  await dropTables(warehouse, orgId, leftovers);
  return leftovers;
}
