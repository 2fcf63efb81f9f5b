import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreSlugOf } from '@revlane/contracts';
import { duckdbEngine, newOrgId } from '../warehouse/__tests__/engines.js';
import {
  backtestScore,
  gradesInForce,
  loadDemoData,
  type ScoreDefinition,
  type Warehouse,
} from '../warehouse/index.js';
import { DEMO_SCORES } from './demo-scores.js';

const NOW = Date.UTC(2024, 5, 15, 12);

/** The seeded definition as the warehouse computes it. */
const definitionOf = (seed: (typeof DEMO_SCORES)[number]): ScoreDefinition => ({
  id: seed.seedKey,
  slug: scoreSlugOf(seed.name),
  name: seed.name,
  baseTable: seed.baseTable,
  fit: seed.fit ?? [],
  behaviour: seed.behaviour ?? [],
  grades: gradesInForce(seed.grades),
});

describe('the demo score "Product-qualified" at demo size', () => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const orgId = newOrgId();
  beforeAll(async () => {
    ({ warehouse, cleanup } = duckdbEngine.open());
    await loadDemoData(warehouse, orgId, { now: NOW });
  }, 120_000);
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
  });

  it('predicts the demo data’s upgrades within 30 days (docs/product.md §2)', async () => {
    const [seed] = DEMO_SCORES;
    expect(seed!.name).toBe('Product-qualified');
    const result = await backtestScore(
      warehouse,
      orgId,
      definitionOf(seed!),
      { event: 'plan_upgraded' },
      { horizonDays: 30, days: 180, now: NOW },
    );
    expect(result.auc).toBeGreaterThan(0.6);
    expect(result.lift).toBeGreaterThan(1.5);
    expect(result.converted).toBeGreaterThan(1_000);
    expect(result.distinctRecords).toBe(2_000);
    // The top decile converts more than the bottom one.
    expect(result.deciles[0]!.rate!).toBeGreaterThan(result.deciles[9]!.rate!);
  }, 120_000);
});
