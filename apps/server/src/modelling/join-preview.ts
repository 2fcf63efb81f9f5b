import type { MappingJoinPreview } from '@revlane/contracts';
import { quoteIdentifier, SqlParams, type Warehouse } from '../warehouse/index.js';
import { CRM_RECORD_FACTS } from '../integrations/index.js';
import {
  bestMatches,
  joinedKeyOf,
  primaryKeyOf,
  unmatchedCondition,
  type MappingSql,
} from './mapping-sql.js';
import type { ResolvedJoin } from './resolve-joins.js';
import type { ResolvedEntity } from './resolve-mapping.js';

/** The preview lists ten unmatched examples each side (issue 26). */
const SAMPLE = 10;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * How each joined table of an entity matches its primary (ADR 0032), counted with the key
 * expressions a publish joins on, so the preview's numbers are the published ones: primary
 * records matched, primary only, joined records matching nothing (published as records of
 * their own), and keys several joined records share (the most recently modified wins).
 */
export async function previewJoins(
  warehouse: Warehouse,
  orgId: string,
  entity: ResolvedEntity,
  noun: 'accounts' | 'users',
): Promise<MappingJoinPreview[]> {
  const previews: MappingJoinPreview[] = [];
  for (const join of entity.joins)
    previews.push(await previewJoin(warehouse, orgId, entity, join, noun));
  return previews;
}

async function previewJoin(
  warehouse: Warehouse,
  orgId: string,
  entity: ResolvedEntity,
  join: ResolvedJoin,
  noun: 'accounts' | 'users',
): Promise<MappingJoinPreview> {
  const run = (build: (sql: MappingSql) => string) => {
    const params = new SqlParams();
    const text = build({ dialect: warehouse.dialect, orgId, params });
    return warehouse.query(orgId, { sql: text, params: params.list() });
  };
  const number = async (build: (sql: MappingSql) => string) =>
    Number((await run(build))[0]?.n ?? 0);
  const table = (name: string) => warehouse.dialect.table(orgId, name);
  const primary = `${table(entity.warehouseTable)} p`;
  const joined = `${table(join.warehouseTable)} j${join.index}`;
  const alias = `j${join.index}`;
  const primaryId = `CAST(p.${quoteIdentifier(entity.columns.id!.name)} AS TEXT)`;
  const matches = `EXISTS (SELECT 1 FROM ${joined} WHERE ${joinedKeyOf(join, alias)} = ${primaryKeyOf(join, 'p')})`;
  const text = (column: { name: string } | null, from: string) =>
    column ? `CAST(${from}.${quoteIdentifier(column.name)} AS TEXT)` : 'NULL';

  const primaryTotal = await number(
    () => `SELECT count(DISTINCT ${primaryId}) AS n FROM ${primary}`,
  );
  const matched = await number(
    () => `SELECT count(DISTINCT ${primaryId}) AS n FROM ${primary} WHERE ${matches}`,
  );
  const joinedTotal = await number(() => `SELECT count(*) AS n FROM ${joined}`);
  const joinedOnly = await number(
    (sql) => `SELECT count(*) AS n FROM ${joined} WHERE ${unmatchedCondition(sql, entity, join)}`,
  );
  const sharedKeys = `SELECT ${joinedKeyOf(join, alias)} AS match_value, count(*) AS records
    FROM ${joined} GROUP BY 1 HAVING count(*) > 1`;
  const matchedShared = `shared.match_value IS NOT NULL AND EXISTS (SELECT 1 FROM ${primary}
    WHERE ${primaryKeyOf(join, 'p')} = shared.match_value)`;
  const ambiguous = await number(
    () => `SELECT count(*) AS n FROM (${sharedKeys}) shared WHERE ${matchedShared}`,
  );
  const primaryName = entity.columns.name ?? entity.columns.email ?? null;
  const primaryOnlySample = await run(
    // One line per record, as published (a duplicated id is one record).
    () => `SELECT ${primaryId} AS id, min(${text(primaryName, 'p')}) AS name,
        min(${primaryKeyOf(join, 'p')}) AS match_value
      FROM ${primary} WHERE ${primaryId} IS NOT NULL AND NOT ${matches}
      GROUP BY 1 ORDER BY 1 LIMIT ${SAMPLE}`,
  );
  const joinedOnlySample = await run(
    (sql) => `SELECT ${text(join.id, alias)} AS id, ${text(join.label, alias)} AS name,
        ${text(join.match.column, alias)} AS match_value
      FROM ${joined} WHERE ${unmatchedCondition(sql, entity, join)}
      ORDER BY 1, 3 LIMIT ${SAMPLE}`,
  );
  const ambiguousSample = await run(
    (sql) => `SELECT shared.match_value, shared.records, ${text(join.id, 'best')} AS chosen_id,
        ${text(join.label, 'best')} AS chosen_name
      FROM (${sharedKeys}) shared
      JOIN ${bestMatches(sql, join)} best ON best.revlane_key = shared.match_value
      WHERE ${matchedShared} ORDER BY 1 LIMIT ${SAMPLE}`,
  );

  const primaryLabel = entity.crm
    ? (CRM_RECORD_FACTS[entity.sourceType]?.label ?? 'primary')
    : 'product';
  const joinedLabel = join.crm ? 'CRM' : join.sourceLabel;
  const summary =
    `${count(matched)} of ${count(primaryTotal)} ${primaryLabel} ${noun} matched a ` +
    `${join.sourceLabel} ${join.recordWord} by ${join.match.kind}; ` +
    `${count(primaryTotal - matched)} ${primaryLabel} only; ${count(joinedOnly)} ${joinedLabel} only`;
  const by = join.modifiedAt ? `the most recently modified (${join.modifiedAt.name}) wins` : null;
  const tieBreak = join.id ? `the smallest ${join.id.name}` : 'the first by name';
  return {
    sourceId: join.sourceId,
    table: join.table,
    sourceLabel: join.sourceLabel,
    matchKind: join.match.kind,
    primaryTotal,
    joinedTotal,
    matched,
    primaryOnly: primaryTotal - matched,
    joinedOnly,
    ambiguous,
    ambiguousRule:
      `Where several ${join.sourceLabel} ${join.recordWord}s share one ${join.match.kind}, ` +
      (by ? `${by}, then ${tieBreak}.` : `${tieBreak} wins.`),
    summary,
    primaryOnlySample,
    joinedOnlySample,
    ambiguousSample,
  };
}
