import type { ScoreBehaviourRule, ScoreFitRule, ScoreGrade, BaseTable } from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { BUILT_IN_CATALOGUE } from '../../../warehouse/index.js';
import { uniqueScoreSlug } from './score-slug.js';
import { insertScoreIfMissing, insertScoreVersion, listOrgSlugs } from './scores.repository.js';

/** A score to seed into an organization (the demo's "Product-qualified"). */
export interface SeedScore {
  /** Its stable identity within the organization, whatever it is renamed to later. */
  seedKey: string;
  name: string;
  baseTable: BaseTable;
  fit?: ScoreFitRule[];
  behaviour?: ScoreBehaviourRule[];
  grades?: ScoreGrade[] | null;
}

/**
 * The scores service's seed function (the demo module calls it): inserts the organization's
 * missing scores (by seed key), each with its version 1. Idempotent by key, never by name:
 * existing scores (and changes made to them since) are left alone. Start-up writes the
 * definitions to the warehouse (writeAllScoreDefinitions) before any load builds from them.
 */
export async function seedScores(
  db: Database,
  orgId: string,
  seeds: readonly SeedScore[],
): Promise<void> {
  for (const seed of seeds) {
    await db.transaction(async (tx) => {
      const slug = uniqueScoreSlug(
        seed.name,
        await listOrgSlugs(tx, orgId),
        BUILT_IN_CATALOGUE,
        seed.baseTable,
      );
      const score = await insertScoreIfMissing(tx, {
        orgId,
        name: seed.name,
        slug,
        baseTable: seed.baseTable,
        fit: seed.fit ?? [],
        behaviour: seed.behaviour ?? [],
        grades: seed.grades ?? null,
        createdBy: null,
        seedKey: seed.seedKey,
      });
      if (score) await insertScoreVersion(tx, score, null);
    });
  }
}
