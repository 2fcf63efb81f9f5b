import type { MappingPreview } from '@revlane/contracts';
import type { Warehouse, WarehouseRow } from '../warehouse/index.js';
import { quoteIdentifier, SqlParams } from '../warehouse/index.js';
import { accountsSelect, eventsSelect, usersSelect } from './mapping-sql.js';
import { previewJoins } from './join-preview.js';
import type { ResolvedEntity, ResolvedMapping } from './resolve-mapping.js';

const PREVIEW_ROWS = 20;
const UNMATCHED_SAMPLE = 5;

/** `1,874 of 2,000` → 93.7: one decimal, as the editor shows it. */
const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

/**
 * `POST mapping/preview`: what a publish would build, without building it. Each query reads
 * the mapped rows through CTEs over the landed tables (the SQL a publish runs), so the
 * numbers are the ones the segments will show.
 */
export async function previewMapping(
  warehouse: Warehouse,
  orgId: string,
  mapping: ResolvedMapping,
): Promise<MappingPreview> {
  const run = async (select: string) => {
    const params = new SqlParams();
    const sql = { dialect: warehouse.dialect, orgId, params };
    const ctes = [
      `ma AS (${accountsSelect(sql, mapping)})`,
      `mu AS (${usersSelect(sql, mapping, 'ma')})`,
    ];
    if (mapping.events) ctes.push(`me AS (${eventsSelect(sql, mapping, 'mu')})`);
    return warehouse.query(orgId, {
      sql: `WITH ${ctes.join(', ')} ${select}`,
      params: params.list(),
    });
  };
  const count = async (select: string) => Number((await run(select))[0]?.n ?? 0);
  const duplicates = (entity: ResolvedEntity) => {
    const id = `r.${quoteIdentifier(entity.columns.id!.name)}`;
    return count(`SELECT count(${id}) - count(DISTINCT CAST(${id} AS TEXT)) AS n
      FROM ${warehouse.dialect.table(orgId, entity.warehouseTable)} r`);
  };

  const users = await count('SELECT count(*) AS n FROM mu');
  const matched = await count('SELECT count(account_id) AS n FROM mu');
  const { columns } = mapping.users;
  return {
    accounts: {
      rows: await run(`SELECT * FROM ma ORDER BY id LIMIT ${PREVIEW_ROWS}`),
      total: await count('SELECT count(*) AS n FROM ma'),
      duplicateIds: await duplicates(mapping.accounts),
      joins: await previewJoins(warehouse, orgId, mapping.accounts, 'accounts'),
    },
    users: {
      rows: await run(`SELECT * FROM mu ORDER BY id LIMIT ${PREVIEW_ROWS}`),
      total: users,
      duplicateIds: await duplicates(mapping.users),
      matchedToAccount: matched,
      matchedPercent: percent(matched, users),
      matchedBy: columns.accountId
        ? 'account_id'
        : columns.email && mapping.accounts.columns.domain
          ? 'email_domain'
          : 'none',
      unmatchedSample: await run(
        `SELECT * FROM mu WHERE account_id IS NULL ORDER BY id LIMIT ${UNMATCHED_SAMPLE}`,
      ),
      joins: await previewJoins(warehouse, orgId, mapping.users, 'users'),
    },
    events: mapping.events ? await previewEvents(warehouse, orgId, mapping, run, count) : null,
  };
}

async function previewEvents(
  warehouse: Warehouse,
  orgId: string,
  mapping: ResolvedMapping,
  run: (select: string) => Promise<WarehouseRow[]>,
  count: (select: string) => Promise<number>,
): Promise<MappingPreview['events']> {
  const { columns, warehouseTable } = mapping.events!;
  const raw = `${warehouse.dialect.table(orgId, warehouseTable)} r`;
  const userId = `CAST(r.${quoteIdentifier(columns.userId!.name)} AS TEXT)`;
  const unmatched = `FROM ${raw} WHERE ${userId} IS NULL OR ${userId} NOT IN (SELECT id FROM mu)`;
  const total = await count(`SELECT count(*) AS n FROM ${raw}`);
  const matched = await count('SELECT count(*) AS n FROM me');
  return {
    rows: await run(`SELECT * FROM me ORDER BY occurred_at, user_id, name LIMIT ${PREVIEW_ROWS}`),
    total,
    matchedToUser: matched,
    matchedPercent: percent(matched, total),
    unmatchedSample: await run(
      `SELECT ${userId} AS user_id, r.${quoteIdentifier(columns.name!.name)} AS name,
        r.${quoteIdentifier(columns.occurredAt!.name)} AS occurred_at
      ${unmatched} ORDER BY 3, 1 LIMIT ${UNMATCHED_SAMPLE}`,
    ),
  };
}
