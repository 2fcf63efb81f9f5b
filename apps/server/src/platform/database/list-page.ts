import type { ListQuery } from '@revlane/contracts';
import { and, asc, desc, ilike, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database.js';

/** What a list page needs to know of its table. */
export interface ListPageSpec<Select extends PgSelect> {
  /** The table counted for the total. */
  table: PgTable;
  /** The rows shown, before any condition (a join may add columns). */
  select: () => Select;
  /** Which rows belong to the list (the organization's, not deleted...). */
  where: SQL;
  /** Searched by the query's text, and the first tie-break of the order. */
  name: PgColumn;
  /** The last tie-break, so that pages never overlap. */
  id: PgColumn;
  /** The fields the query may sort by. */
  sorts: Record<string, PgColumn>;
}

/** `%` and `_` in a search are plain text, not LIKE wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of a list (search on the name, sort by a known field) and the total it pages through. */
export async function listPage<Select extends PgSelect>(
  db: Database,
  query: ListQuery,
  spec: ListPageSpec<Select>,
): Promise<{ rows: Awaited<Select>; total: number }> {
  const conditions: SQL[] = [spec.where];
  if (query.search) conditions.push(ilike(spec.name, `%${escapeLike(query.search)}%`));
  const where = and(...conditions);
  const order = (query.sortBy ?? [])
    .filter((sort) => sort.field in spec.sorts)
    .map((sort) => {
      const column = spec.sorts[sort.field]!;
      return sort.isDescending ? desc(column) : asc(column);
    });
  const rows = await spec
    .select()
    .where(where)
    .orderBy(...order, asc(spec.name), asc(spec.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(spec.table)
    .where(where);
  return { rows, total: Number(count?.total ?? 0) };
}
