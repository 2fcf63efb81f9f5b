import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATIONS_API,
  type ActivationRun,
  type ActivationRunRecordPage,
  type Score,
} from '@revlane/contracts';
import { connections } from '../../../platform/database/schema/index.js';
import { salesforceSandboxOf } from '../../../integrations/salesforce/salesforce-fake.js';
import {
  crmEnvFor,
  seedConnection,
  startFakeProvider,
  type FakeProvider,
} from '../../composer/__tests__/fake-provider.js';
import { activationsClient } from '../../main/activations/__tests__/activations-client.js';
import { ACTIVATION_RUN_JOB } from '../../main/activations/runs/activation-jobs.js';
import { createLiveOpsFixture, type LiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import {
  scoresClient,
  untilColumn,
  SCORE_FIT_RULES,
  SCORE_BEHAVIOUR,
  LOWER_GRADES,
} from '../__tests__/scores-test-client.js';
import {
  createAccountsCohort,
  FAST_POLLING,
  getCohort,
  snapshotThroughQueue,
} from '../snapshots/__tests__/snapshot-fixture.js';

/**
 * "Grade A accounts → Salesforce" is one activation (issue 28, ADR 0033/0034): a cohort on a
 * score's grade column, and an activation of it sending the score, through the Salesforce
 * sandbox fake and its real client library.
 */
describe('live-ops: an activation of a grade-A cohort', () => {
  let f: LiveOpsFixture;
  let salesforce: FakeProvider;

  beforeAll(async () => {
    salesforce = await startFakeProvider('salesforce');
    f = await createLiveOpsFixture({
      ...FAST_POLLING,
      env: { ...FAST_POLLING.env, ...crmEnvFor('salesforce', salesforce) },
    });
    await seedConnection(f.t.app, f.danaOrg, 'salesforce', salesforce);
    await f.t.database.db
      .update(connections)
      .set({ instanceUrl: salesforce.root })
      .where(eq(connections.provider, 'salesforce'));
  }, 120_000);
  afterAll(async () => {
    await f?.close();
    await salesforce?.close();
  });

  it('plans and sends exactly the grade-A accounts, with their score and grade', async () => {
    const score: Score = await scoresClient(f).create(f.dana, {
      name: 'Product-qualified',
      baseTable: 'accounts',
      fit: SCORE_FIT_RULES,
      behaviour: SCORE_BEHAVIOUR,
      grades: LOWER_GRADES,
    });
    const { score: scoreColumn, grade } = score.columns;
    await untilColumn(f, grade, true);

    // The grade-A accounts, straight from the segment table.
    const { engine } = f.t.app.warehouse;
    const gradeA = (await engine.query(f.danaOrg, {
      sql: `SELECT id, ${scoreColumn} AS score FROM ${engine.dialect.table(f.danaOrg, 'segment_accounts')} WHERE ${grade} = 'A' ORDER BY id`,
      params: [],
    })) as { id: string; score: number }[];
    expect(gradeA.length).toBeGreaterThan(0);
    expect(gradeA.length).toBeLessThan(50);
    const scoreOf = new Map(gradeA.map((row) => [row.id, Number(row.score)]));

    const cohort = await createAccountsCohort(f, 'Grade A', [
      { field: grade, operator: 'includes', value: ['A'] },
    ]);
    await snapshotThroughQueue(f, f.danaOrg);
    expect((await getCohort(f, cohort.id)).members).toBe(gradeA.length);

    const c = activationsClient(f);
    const activation = await c.create(f.dana, {
      name: 'PQLs to Salesforce',
      cohortId: cohort.id,
      destination: { provider: 'salesforce', object: 'Account' },
      match: { column: 'id', field: 'Revlane_Account_Id__c' },
      mode: 'upsert',
      // Salesforce creates no Account without its Name.
      fields: [
        { column: 'name', field: 'Name' },
        { column: scoreColumn, field: 'Health_Score__c' },
        { column: grade, field: 'Plan__c' },
      ],
      schedule: 'manual',
    });
    const run = async (body: object) => {
      const started = await c.call(f.dana, 'POST', ACTIVATIONS_API.runs(activation.id), body);
      expect(started.statusCode, started.body).toBe(202);
      const { id } = started.json<{ data: { id: string } }>().data;
      await f.t.app.jobs.drain(ACTIVATION_RUN_JOB);
      return c.read<ActivationRun>(f.dana, ACTIVATIONS_API.run(activation.id, id));
    };

    // The dry run plans one record per grade-A account, with its score and grade.
    const dry = await run({ dryRun: true });
    expect(dry).toMatchObject({
      status: 'succeeded',
      counts: { added: gradeA.length, changed: 0, removed: 0, failed: 0 },
    });
    const planned: ActivationRunRecordPage['items'] = [];
    for (let page = 1; planned.length < gradeA.length; page += 1) {
      const records = await c.read<ActivationRunRecordPage>(
        f.dana,
        `${ACTIVATIONS_API.records(activation.id, dry.id)}?page=${page}`,
      );
      expect(records.items.length).toBeGreaterThan(0);
      planned.push(...records.items);
    }
    expect(planned.map((record) => record.key).sort()).toEqual([...scoreOf.keys()].sort());
    for (const record of planned) {
      const sent = new Map(record.sent.map((entry) => [entry.field, entry.after]));
      expect(record.outcome).toBe('planned');
      expect(Number(sent.get('Health_Score__c'))).toBe(scoreOf.get(record.key));
      expect(sent.get('Plan__c')).toBe('A');
    }

    // The run sends them: the sandbox holds exactly those accounts, with their values.
    const sent = await run({});
    expect(sent.counts).toMatchObject({ added: gradeA.length, failed: 0 });
    const rows = (salesforceSandboxOf(salesforce.oauth).rows('Account') ?? []).filter(
      (row) => row.Revlane_Account_Id__c,
    );
    expect(rows.map((row) => String(row.Revlane_Account_Id__c)).sort()).toEqual(
      [...scoreOf.keys()].sort(),
    );
    for (const row of rows) {
      expect(Number(row.Health_Score__c)).toBe(scoreOf.get(String(row.Revlane_Account_Id__c)));
      expect(row.Plan__c).toBe('A');
    }
  });
});
