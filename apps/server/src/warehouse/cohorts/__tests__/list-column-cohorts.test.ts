import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomColumn } from '../../catalogue/custom-columns.js';
import type { Warehouse } from '../../engine/warehouse.js';
import { TEST_ENGINES, newOrgId } from '../../__tests__/engines.js';
import { ACCOUNTS, AS_OF, handMadeBatches } from '../../__tests__/hand-made-data.js';
import { loadCanonicalData } from '../../loading/load-canonical-data.js';
import { loadCanonicalSelects } from '../../loading/load-canonical-selects.js';
import { readCatalogue } from '../../loading/load-info.js';
import { ACCOUNTS_TABLE } from '../../model/canonical-tables.js';
import { SegmentReader } from '../../reading/segment-reader.js';
import { snapshotCohort, type CohortDefinition } from '../snapshot-cohort.js';
import { changedAt, readSnapshotState } from './snapshot-state.js';

/**
 * Issue 23: a source's `text[]` / `int[]` lands as a list column, and a cohort filtering on it
 * (`includes` / `excludes` / `contains`) snapshots exactly the members worked out by hand, then
 * follows the data on a later load. A plan the built-in options do not know (`growth`, from
 * the data) is a cohort filter too.
 */
const CUSTOM: CustomColumn[] = [
  {
    table: 'accounts',
    name: 'tags',
    label: 'Tags',
    type: 'text_list',
    dataType: 'list',
    options: null,
  },
  {
    table: 'accounts',
    name: 'codes',
    label: 'Codes',
    type: 'bigint_list',
    dataType: 'list',
    options: null,
  },
];

type Tags = readonly string[] | null;
type Codes = readonly number[] | null;
interface Load {
  tags: Record<string, Tags>;
  codes: Record<string, Codes>;
  plans: Record<string, string>;
}

const QUOTED = 'it’s, "quoted" {x}';
const LOADS: Load[] = [
  {
    tags: { a1: ['vip', 'smb'], a2: ['smb'], a3: [], a4: null, a5: ['mid', QUOTED] },
    codes: { a1: [7, 12], a2: [], a3: null, a4: [12], a5: [70] },
    plans: { a2: 'growth', a5: 'growth' },
  },
  {
    tags: { a1: ['smb'], a2: ['smb', 'vip'], a3: ['vip'], a4: ['mid'], a5: null },
    codes: { a1: [12], a2: [7], a3: [7, 12], a4: null, a5: [] },
    plans: { a5: 'growth' },
  },
  // No account is on `growth` any more: the value leaves the data (and the plan's options).
  { tags: {}, codes: {}, plans: {} },
];
const LOAD_TIMES = [AS_OF, AS_OF + 86_400_000, AS_OF + 2 * 86_400_000];

const cohort = (
  cohortId: string,
  filter: { field: string; operator: string; value: unknown },
  table: 'accounts' | 'users' = 'accounts',
): CohortDefinition => ({ cohortId, table, filters: [filter] });

/** Each cohort with its members after load 1 and after load 2, worked out by hand. */
const CASES: { cohort: CohortDefinition; members: [string[], string[]] }[] = [
  {
    cohort: cohort('any-vip-mid', { field: 'tags', operator: 'includes', value: ['vip', 'mid'] }),
    members: [
      ['a1', 'a5'],
      ['a2', 'a3', 'a4'],
    ],
  },
  {
    cohort: cohort('no-vip', { field: 'tags', operator: 'excludes', value: ['vip'] }),
    members: [
      ['a2', 'a3', 'a4', 'a5'],
      ['a1', 'a4', 'a5'],
    ],
  },
  {
    cohort: cohort('smb', { field: 'tags', operator: 'contains', value: 'smb' }),
    members: [
      ['a1', 'a2'],
      ['a1', 'a2'],
    ],
  },
  {
    cohort: cohort('quoted', { field: 'tags', operator: 'contains', value: QUOTED }),
    members: [['a5'], []],
  },
  {
    cohort: cohort('code-7', { field: 'codes', operator: 'includes', value: [7] }),
    members: [['a1'], ['a2', 'a3']],
  },
  {
    cohort: cohort('code-12', { field: 'codes', operator: 'contains', value: '12' }),
    members: [
      ['a1', 'a4'],
      ['a1', 'a3'],
    ],
  },
  {
    cohort: cohort('no-code-7', { field: 'codes', operator: 'excludes', value: ['7'] }),
    members: [
      ['a2', 'a3', 'a4', 'a5'],
      ['a1', 'a4', 'a5'],
    ],
  },
  {
    cohort: cohort(
      'users-of-vip',
      { field: 'account_tags', operator: 'contains', value: 'vip' },
      'users',
    ),
    members: [
      ['u1', 'u2'],
      ['u3', 'u4', 'u5'],
    ],
  },
  {
    cohort: cohort('growth', { field: 'plan', operator: 'eq', value: 'growth' }),
    members: [['a2', 'a5'], ['a5']],
  },
  {
    cohort: cohort('growth-or-pro', {
      field: 'plan',
      operator: 'includes',
      value: ['growth', 'pro'],
    }),
    members: [
      ['a1', 'a2', 'a5'],
      ['a1', 'a5'],
    ],
  },
];

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const caseOf = (byId: Record<string, string>, fallback: string) => {
  const cases = Object.entries(byId).map(([id, sql]) => `WHEN ${quote(id)} THEN ${sql}`);
  return cases.length === 0 ? fallback : `CASE a.id ${cases.join(' ')} ELSE ${fallback} END`;
};
const textList = (tags: Tags) =>
  tags === null ? 'CAST(NULL AS TEXT[])' : `CAST(ARRAY[${tags.map(quote).join(', ')}] AS TEXT[])`;
const bigintList = (codes: Codes) =>
  codes === null ? 'CAST(NULL AS BIGINT[])' : `CAST(ARRAY[${codes.join(', ')}] AS BIGINT[])`;
const mapValues = <T>(record: Record<string, T>, map: (value: T) => string) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

/** One mapping publish: the hand-made accounts with this load's plans and lists. */
async function publish(warehouse: Warehouse, orgId: string, index: number) {
  const load = LOADS[index]!;
  const t = (name: string) => warehouse.dialect.table(orgId, name);
  // Every account's plan: this load's, else the hand-made one (not the previous load's).
  const plans = Object.fromEntries(
    ACCOUNTS.map(([id, , , , , plan]) => {
      const value = load.plans[id] ?? plan;
      return [id, value === null ? 'CAST(NULL AS TEXT)' : quote(value)];
    }),
  );
  const columns = ACCOUNTS_TABLE.columns.map(({ name }) =>
    name === 'plan' ? caseOf(plans, 'NULL') : `a."${name}"`,
  );
  await loadCanonicalSelects(
    warehouse,
    orgId,
    (targets) => [
      {
        sql: `INSERT INTO ${t(targets.accounts)} SELECT ${columns.join(', ')},
          ${caseOf(mapValues(load.tags, textList), 'NULL')},
          ${caseOf(mapValues(load.codes, bigintList), 'NULL')}
          FROM ${t('accounts')} a`,
        params: [],
      },
      { sql: `INSERT INTO ${t(targets.users)} SELECT * FROM ${t('users')}`, params: [] },
      { sql: `INSERT INTO ${t(targets.events)} SELECT * FROM ${t('events')}`, params: [] },
    ],
    LOAD_TIMES[index],
    CUSTOM,
  );
}

describe.each(TEST_ENGINES)('cohorts on list columns and data enum values on $name', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const orgId = newOrgId();

  beforeAll(async () => {
    ({ warehouse, cleanup } = engine.open());
    await loadCanonicalData(warehouse, orgId, handMadeBatches(), { asOf: AS_OF });
  });
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
  });

  const state = (cohortId: string) => readSnapshotState(warehouse, orgId, cohortId);
  /** The members a segment page over the same filters lists: the snapshot must agree. */
  const direct = async ({ table, filters }: CohortDefinition) => {
    const page = await new SegmentReader(warehouse).page({
      orgId,
      table,
      filters,
      columns: ['id'],
      perPage: 100,
    });
    return page.rows.map((row) => row.id as string).sort();
  };

  it('load 1: the lists land as list columns; each cohort snapshots exactly its members', async () => {
    await publish(warehouse, orgId, 0);
    const catalogue = await readCatalogue(warehouse, orgId);
    expect(catalogue.find('accounts', 'tags')).toMatchObject({ dataType: 'list' });
    expect(catalogue.find('accounts', 'codes')).toMatchObject({ dataType: 'list' });
    expect(catalogue.find('users', 'account_tags')).toMatchObject({ dataType: 'list' });
    for (const { cohort: definition, members } of CASES) {
      const result = await snapshotCohort(warehouse, orgId, definition, LOAD_TIMES[0]!);
      expect({ id: definition.cohortId, result }).toEqual({
        id: definition.cohortId,
        result: { members: members[0].length, entered: 0, left: 0, skipped: false },
      });
      const after = await state(definition.cohortId);
      expect({ id: definition.cohortId, members: after.members }).toEqual({
        id: definition.cohortId,
        members: members[0],
      });
      expect(after.members).toEqual(await direct(definition));
    }
  });

  it('load 2: the data changes; each cohort’s members, entries and exits follow it', async () => {
    await publish(warehouse, orgId, 1);
    const plan = (await readCatalogue(warehouse, orgId)).find('accounts', 'plan')!;
    expect(plan.options).toContain('growth');
    for (const { cohort: definition, members } of CASES) {
      const [before, now] = members;
      const entered = now.filter((id) => !before.includes(id));
      const left = before.filter((id) => !now.includes(id));
      const result = await snapshotCohort(warehouse, orgId, definition, LOAD_TIMES[1]!);
      expect({ id: definition.cohortId, result }).toEqual({
        id: definition.cohortId,
        result: { members: now.length, entered: entered.length, left: left.length, skipped: false },
      });
      const after = await state(definition.cohortId);
      expect({
        id: definition.cohortId,
        members: after.members,
        entered: changedAt(after, LOAD_TIMES[1]!, 'entered'),
        left: changedAt(after, LOAD_TIMES[1]!, 'left'),
      }).toEqual({ id: definition.cohortId, members: now, entered, left });
      expect(after.members).toEqual(await direct(definition));
    }
  });
  // A stored enum's options are what the data holds now; a saved cohort on a value gone from
  // every record keeps compiling (filter-values.ts) and empties, its members leaving.
  it('load 3: a data value gone from every record empties the cohort, its members leave', async () => {
    await publish(warehouse, orgId, 2);
    const growth = CASES.find(({ cohort: { cohortId } }) => cohortId === 'growth')!.cohort;
    const result = await snapshotCohort(warehouse, orgId, growth, LOAD_TIMES[2]!);
    expect(result).toEqual({ members: 0, entered: 0, left: 1, skipped: false });
    expect(changedAt(await state('growth'), LOAD_TIMES[2]!, 'left')).toEqual(['a5']);
  });
});
