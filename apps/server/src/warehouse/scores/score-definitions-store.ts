import { z } from 'zod';
import {
  SCORE_SLUG_MAX,
  baseTableSchema,
  scoreBehaviourRuleSchema,
  scoreFitRuleSchema,
  scoreGradeSchema,
} from '@revlane/contracts';
import type { CompiledQuery, Warehouse } from '../engine/warehouse.js';
import { SCORE_DEFINITIONS_TABLE } from '../model/score-tables.js';
import { gradesInForce, type ScoreDefinition } from './score-definition.js';

/** A definition as stored: its slug names SQL columns, so only plain ones are read back. */
const storedDefinitionSchema = z.object({
  id: z.string().min(1),
  slug: z
    .string()
    .max(SCORE_SLUG_MAX)
    .regex(/^[a-z0-9_]+$/),
  name: z.string(),
  baseTable: baseTableSchema,
  fit: z.array(scoreFitRuleSchema),
  behaviour: z.array(scoreBehaviourRuleSchema),
  grades: z.array(scoreGradeSchema),
});

/**
 * Definitions as stored (JSON text or parsed), dropping malformed entries and any whose slug
 * repeats an earlier one's (the column names would clash). Grades are the ones in force,
 * highest minimum first.
 */
export function parseScoreDefinitions(value: unknown): ScoreDefinition[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return [];
  const slugs = new Set<string>();
  const definitions: ScoreDefinition[] = [];
  for (const item of list) {
    const parsed = storedDefinitionSchema.safeParse(item);
    if (!parsed.success || slugs.has(parsed.data.slug)) continue;
    slugs.add(parsed.data.slug);
    definitions.push({ ...parsed.data, grades: gradesInForce(parsed.data.grades) });
  }
  return definitions;
}

function parseJson(text: unknown): unknown {
  try {
    return JSON.parse(String(text)) as unknown;
  } catch {
    return null;
  }
}

const table = (warehouse: Warehouse, orgId: string) =>
  warehouse.dialect.table(orgId, SCORE_DEFINITIONS_TABLE.name);

/**
 * Replaces the organization's score definitions with `definitions`, in one transaction
 * (ADR 0034). The next load or refresh computes their columns; a load already running
 * computes the ones it read.
 */
export async function writeScoreDefinitions(
  warehouse: Warehouse,
  orgId: string,
  definitions: readonly ScoreDefinition[],
): Promise<void> {
  if (!(await warehouse.hasTable(orgId, SCORE_DEFINITIONS_TABLE.name)))
    await warehouse.createTable(orgId, SCORE_DEFINITIONS_TABLE);
  const inserts = definitions.map((definition): CompiledQuery => ({
    sql: `INSERT INTO ${table(warehouse, orgId)} ("id", "slug", "base_table", "definition") VALUES ($1, $2, $3, $4)`,
    params: [
      definition.id,
      definition.slug,
      definition.baseTable,
      JSON.stringify({
        id: definition.id,
        slug: definition.slug,
        name: definition.name,
        baseTable: definition.baseTable,
        fit: definition.fit,
        behaviour: definition.behaviour,
        grades: definition.grades,
      }),
    ],
  }));
  await warehouse.execute(orgId, [
    { sql: `DELETE FROM ${table(warehouse, orgId)}`, params: [] },
    ...inserts,
  ]);
}

/** The organization's score definitions by slug; none before any was written. */
export async function readScoreDefinitions(
  warehouse: Warehouse,
  orgId: string,
): Promise<ScoreDefinition[]> {
  if (!(await warehouse.hasTable(orgId, SCORE_DEFINITIONS_TABLE.name))) return [];
  const rows = await warehouse.query(orgId, {
    sql: `SELECT "definition" FROM ${table(warehouse, orgId)} ORDER BY ${warehouse.dialect.binaryCollation('"slug"')}`,
    params: [],
  });
  return parseScoreDefinitions(rows.map((row) => parseJson(row.definition)));
}
