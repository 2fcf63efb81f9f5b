import { describe, expect, it } from 'vitest';
import {
  backtestResultSchema,
  COHORTS_API,
  LIVE_OPS_API,
  NOTIFICATIONS_API,
  recordScoresSchema,
  SCORES_API,
  scorePreviewSchema,
  type SegmentDataPage,
} from '@revlane/contracts';
import {
  newAlertBody,
  notificationsClient,
} from '../notifications/__tests__/notifications-client.js';
import { activations, plays } from '../../../platform/database/schema/index.js';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { cohortsClient } from '../__tests__/cohorts-test-client.js';
import {
  columnsOf as columnsOfFixture,
  errorPaths,
  scoresClient,
  untilColumn as untilColumnOf,
  untilState,
  SCORE_FIT_RULES,
  SCORE_BEHAVIOUR,
} from '../__tests__/scores-test-client.js';
import { readScoreDefinitions } from '../../../warehouse/index.js';
import { seedScores } from '../index.js';
import { writeAllScoreDefinitions } from './score-warehouse.js';

/** The cells of an RFC 4180 text: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A text cell as the export writes it: formulas defused with a leading `'`, blank when NULL. */
const exported = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

describe('live-ops: scores in the warehouse (ADR 0034)', () => {
  const f = useLiveOpsFixture();

  const columnsOf = (table: 'accounts' | 'users') => columnsOfFixture(f, table);
  const untilColumn = (name: string, present: boolean) => untilColumnOf(f, name, present);
  const page = async (query: Record<string, string>, segment = 'All accounts') => {
    const response = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/${LIVE_OPS_API.data(f.segmentId(segment))}`,
      query,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SegmentDataPage }>().data;
  };

  it('adds the three columns after the rebuild: they filter and sort; deleting is refused while a cohort uses one', async () => {
    const c = scoresClient(f);
    const score = await c.create(f.dana, {
      name: 'Fit',
      baseTable: 'accounts',
      fit: SCORE_FIT_RULES,
      behaviour: SCORE_BEHAVIOUR,
    });
    const { score: scoreColumn, grade, reasons } = score.columns;
    await untilColumn(grade, true);
    expect(await columnsOf('accounts')).toEqual(expect.arrayContaining([scoreColumn, reasons]));
    expect(await columnsOf('users')).not.toContain(scoreColumn);

    const all = await page({
      columns: JSON.stringify(['name', scoreColumn, grade, reasons]),
      sortBy: `-${scoreColumn}`,
      perPage: '500',
    });
    expect(all.total).toBe(50);
    const values = all.rows.map((row) => row[scoreColumn] as number);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const gradeOf = (value: number) =>
      value >= 80 ? 'A' : value >= 60 ? 'B' : value >= 40 ? 'C' : 'D';
    for (const row of all.rows) {
      const value = row[scoreColumn] as number;
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
      expect(row[grade]).toBe(gradeOf(value));
    }
    expect(new Set(values).size).toBeGreaterThan(1);
    const low = await page({
      filters: JSON.stringify([{ field: grade, operator: 'includes', value: ['C', 'D'] }]),
      perPage: '500',
    });
    expect(low.total).toBe(values.filter((value) => value < 60).length);

    const cohorts = cohortsClient(f);
    const segment = f.segmentId('All accounts');
    const cohort = await cohorts.create(f.dana, segment, {
      name: 'Grade A',
      filters: [{ field: grade, operator: 'includes', value: ['A'] }],
    });
    const [activation] = await f.t.database.db
      .insert(activations)
      .values({
        orgId: f.danaOrg,
        name: 'PQL to Salesforce',
        cohortId: cohort.id,
        provider: 'salesforce',
        object: 'Account',
        matchColumn: 'id',
        matchField: 'Id',
        mode: 'update',
        fields: [{ column: scoreColumn, field: 'PQL__c' }],
        schedule: 'manual',
        onLeave: 'nothing',
      })
      .returning();
    // A draft play on no cohort whose webhook inserts the score: found by the plays' own
    // lookup (the dependents registry), not through a cohort.
    const [play] = await f.t.database.db
      .insert(plays)
      .values({
        orgId: f.danaOrg,
        name: 'Score to the webhook',
        status: 'draft',
        triggerType: 'schedule',
        actions: [
          {
            type: 'webhook',
            id: 'a1',
            url: 'https://hooks.example/score',
            fields: { score: `{{account.${scoreColumn}}}` },
          },
        ],
        reentry: 'once',
      })
      .returning();
    const refused = await c.remove(f.dana, score.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'conflict',
      message: expect.stringContaining('Fit') as unknown,
      errors: expect.arrayContaining([
        { path: `cohort:${cohort.id}`, message: 'Grade A' },
        { path: `activation:${activation!.id}`, message: 'PQL to Salesforce' },
        { path: `play:${play!.id}`, message: 'Score to the webhook' },
      ]) as unknown,
    });
    expect((await c.get(f.dana, score.id)).statusCode).toBe(200);

    await f.t.database.db.delete(activations);
    await f.t.database.db.delete(plays);
    expect((await cohorts.remove(f.dana, segment, cohort.id)).statusCode).toBe(204);
    expect((await c.remove(f.dana, score.id)).statusCode).toBe(204);
    await untilColumn(grade, false);
  });

  it('previews an unsaved definition: histogram, grades and examples with their breakdown', async () => {
    const response = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/${SCORES_API.preview}`,
      payload: { baseTable: 'accounts', fit: SCORE_FIT_RULES, behaviour: SCORE_BEHAVIOUR },
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = scorePreviewSchema.parse(response.json<{ data: unknown }>().data);
    expect(preview.records).toBe(50);
    expect(preview.histogram).toHaveLength(10);
    expect(preview.histogram.reduce((sum, bin) => sum + bin.records, 0)).toBe(50);
    expect(preview.grades.map((g) => g.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(preview.grades.reduce((sum, g) => sum + g.records, 0)).toBe(50);
    expect(preview.examples.length).toBeGreaterThan(0);
    expect(preview.examples.length).toBeLessThanOrEqual(10);
    const bad = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/${SCORES_API.preview}`,
      payload: {
        baseTable: 'users',
        fit: [{ filters: [{ field: 'plan', operator: 'includes', value: ['pro'] }], points: 5 }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad)).toEqual(['body.fit[0].filters[0].field']);
    const empty = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/${SCORES_API.preview}`,
      payload: { baseTable: 'users' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('back-tests against filters, an event or a cohort of the same table', async () => {
    const c = scoresClient(f);
    const score = await c.create(f.dana, {
      name: 'Backtested',
      baseTable: 'accounts',
      fit: SCORE_FIT_RULES,
      behaviour: SCORE_BEHAVIOUR,
    });
    const backtest = (outcome: unknown) =>
      c.call(f.dana, 'POST', SCORES_API.backtest(score.id), { outcome, horizonDays: 30, days: 30 });
    const cohorts = cohortsClient(f);
    const accountsCohort = await cohorts.create(f.dana, f.segmentId('All accounts'), {
      name: 'Enterprise',
      filters: [{ field: 'plan', operator: 'includes', value: ['enterprise'] }],
    });
    const usersCohort = await cohorts.create(f.dana, f.segmentId('Active users'), {
      name: 'Admins',
      filters: [{ field: 'role', operator: 'includes', value: ['admin'] }],
    });
    for (const outcome of [
      { filters: [{ field: 'plan', operator: 'includes', value: ['enterprise'] }] },
      { event: 'integration_connected' },
      { cohortId: accountsCohort.id },
    ]) {
      const response = await backtest(outcome);
      expect(response.statusCode, response.body).toBe(200);
      const result = backtestResultSchema.parse(response.json<{ data: unknown }>().data);
      // As of the load's moment: 30 scored days of (some of) the tiny data's 50 accounts.
      expect(result).toMatchObject({ horizonDays: 30, dayCount: 30 });
      expect(result.distinctRecords).toBeGreaterThan(0);
      expect(result.distinctRecords).toBeLessThanOrEqual(50);
      expect(result.records).toBeGreaterThanOrEqual(result.distinctRecords);
      expect(result.deciles.length).toBeLessThanOrEqual(10);
    }
    for (const cohortId of [usersCohort.id, '00000000-0000-4000-8000-000000000000']) {
      const mismatch = await backtest({ cohortId });
      expect(mismatch.statusCode).toBe(400);
      expect(errorPaths(mismatch)).toEqual(['body.outcome.cohortId']);
    }
    const badFilter = await backtest({
      filters: [{ field: 'role', operator: 'includes', value: ['x'] }],
    });
    expect(badFilter.statusCode).toBe(400);
    expect(errorPaths(badFilter)).toEqual(['body.outcome.filters[0].field']);
    // Eve's cohort is no cohort of Dana's.
    expect(
      (
        await f.inject(f.eve, {
          method: 'GET',
          url: `${API}/${COHORTS_API.cohort(accountsCohort.id)}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers one record’s breakdown per score of its table, and 404 for an unknown record', async () => {
    const c = scoresClient(f);
    const score = await c.create(f.dana, {
      name: 'Breakdown',
      baseTable: 'accounts',
      fit: SCORE_FIT_RULES,
      behaviour: SCORE_BEHAVIOUR,
    });
    const [first] = (await page({ perPage: '1', sortBy: '+name' })).rows;
    const recordId = String(first!.id);
    const response = await c.call(f.dana, 'GET', SCORES_API.record('accounts', recordId));
    expect(response.statusCode, response.body).toBe(200);
    const scores = recordScoresSchema.parse(response.json<{ data: unknown }>().data);
    const mine = scores.find((entry) => entry.scoreId === score.id);
    expect(mine).toMatchObject({ name: 'Breakdown', breakdown: { recordId } });
    const contributions = mine!.breakdown.contributions;
    expect(contributions.map((entry) => entry.kind).sort()).toEqual(['behaviour', 'fit', 'fit']);
    // Eve's organization holds no such record; nor does Dana's hold this one.
    expect((await c.call(f.eve, 'GET', SCORES_API.record('accounts', recordId))).statusCode).toBe(
      202,
    );
    const unknown = await c.call(f.dana, 'GET', SCORES_API.record('accounts', 'no-such-account'));
    expect(unknown.statusCode).toBe(404);
    const badTable = await c.call(f.dana, 'GET', `scores/records/leads/${recordId}`);
    expect(badTable.statusCode).toBe(400);
  });

  it('exports the three columns of a segment, each record’s as its breakdown says', async () => {
    const c = scoresClient(f);
    const score = await c.create(f.dana, {
      name: 'Exported',
      baseTable: 'accounts',
      fit: SCORE_FIT_RULES,
      behaviour: SCORE_BEHAVIOUR,
    });
    const { score: scoreColumn, grade, reasons } = score.columns;
    await untilColumn(grade, true);
    const columns = ['name', scoreColumn, grade, reasons];
    const query = { columns: JSON.stringify(columns), sortBy: `-${scoreColumn}` };
    const shown = await page({ ...query, perPage: '500' });
    expect(shown.total).toBe(50);

    const segment = f.segmentId('All accounts');
    const ticket = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/${LIVE_OPS_API.exportTickets(segment)}`,
      payload: query,
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const token = ticket.json<{ data: { ticket: string } }>().data.ticket;
    const response = await f.t.app.inject({
      method: 'GET',
      url: `${API}/${LIVE_OPS_API.export(segment)}`,
      query: { ...query, token },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...lines] = parseCsv(response.body);
    const labelOf = (name: string) => shown.columns.find((column) => column.name === name)?.label;
    expect(header).toEqual(columns.map(labelOf));
    expect(header).toEqual(['Name', 'Exported', 'Exported grade', 'Exported reasons']);
    // Every record's three values, as the page shows them (ties in any order).
    const cells = (row: Record<string, unknown>) => [
      exported(row.name),
      String(row[scoreColumn]),
      exported(row[grade]),
      exported(row[reasons]),
    ];
    const sorted = (rows: string[][]) => rows.map((row) => JSON.stringify(row)).sort();
    expect(sorted(lines)).toEqual(sorted(shown.rows.map(cells)));
    const scores = lines.map((line) => Number(line[1]));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    // The top record's cells are its breakdown's score, grade and top three reasons.
    const top = shown.rows[0]!;
    const answer = await c.call(f.dana, 'GET', SCORES_API.record('accounts', String(top.id)));
    expect(answer.statusCode, answer.body).toBe(200);
    const { breakdown } = recordScoresSchema
      .parse(answer.json<{ data: unknown }>().data)
      .find((entry) => entry.scoreId === score.id)!;
    const topReasons = breakdown.contributions
      .filter((entry) => entry.contribution !== 0)
      .slice(0, 3)
      .map((entry) => entry.text)
      .join('; ');
    expect(breakdown.score).toBeGreaterThan(0);
    expect(topReasons).not.toBe('');
    const exportedTop = lines.find((line) => line[0] === exported(top.name))!;
    expect(exportedTop).toEqual([
      exported(top.name),
      String(breakdown.score),
      breakdown.grade,
      exported(topReasons),
    ]);
  });

  it('answers a user’s breakdown for a users score', async () => {
    const c = scoresClient(f);
    const score = await c.create(f.dana, {
      name: 'Engaged users',
      baseTable: 'users',
      fit: [
        {
          filters: [{ field: 'role', operator: 'includes', value: ['admin', 'owner'] }],
          points: 20,
        },
      ],
      behaviour: SCORE_BEHAVIOUR,
    });
    const { score: scoreColumn, grade, reasons } = score.columns;
    await untilState(`${grade} coming`, async () =>
      (await columnsOf('users')).includes(grade) ? true : undefined,
    );
    expect(await columnsOf('accounts')).not.toContain(scoreColumn);
    const users = await page(
      {
        columns: JSON.stringify(['email', scoreColumn, grade, reasons]),
        sortBy: `-${scoreColumn}`,
      },
      'Active users',
    );
    const top = users.rows[0]!;
    const recordId = String(top.id);
    expect(top[scoreColumn]).toBeGreaterThan(0);

    const response = await c.call(f.dana, 'GET', SCORES_API.record('users', recordId));
    expect(response.statusCode, response.body).toBe(200);
    const answer = recordScoresSchema.parse(response.json<{ data: unknown }>().data);
    // Only the scores of users: none of the accounts scores of the tests before.
    expect(answer.map((entry) => entry.scoreId)).toEqual([score.id]);
    const { breakdown } = answer[0]!;
    expect(breakdown).toMatchObject({
      recordId,
      score: top[scoreColumn],
      grade: top[grade],
      maximum: 20 + 50,
    });
    expect(breakdown.label).toBeTruthy();
    expect(breakdown.contributions.map((entry) => entry.kind).sort()).toEqual(['behaviour', 'fit']);
    const given = breakdown.contributions.filter((entry) => entry.contribution !== 0);
    expect(given.map((entry) => entry.text).join('; ')).toBe(top[reasons]);
    // The points scaled to 0–100 are the score, and the contributions add up to it.
    expect(Math.round((100 * breakdown.points) / breakdown.maximum)).toBe(breakdown.score);
    expect(breakdown.contributions.reduce((sum, entry) => sum + entry.contribution, 0)).toBe(
      breakdown.score,
    );
    // A user's id is no account; an unknown user is a 404.
    expect((await c.call(f.dana, 'GET', SCORES_API.record('accounts', recordId))).statusCode).toBe(
      404,
    );
    expect(
      (await c.call(f.dana, 'GET', SCORES_API.record('users', 'no-such-user'))).statusCode,
    ).toBe(404);
  });

  it('names an alert watching a cohort on the score column when refusing the delete', async () => {
    const c = scoresClient(f);
    const score = await c.create(f.dana, {
      name: 'Watched',
      baseTable: 'accounts',
      fit: SCORE_FIT_RULES,
      behaviour: SCORE_BEHAVIOUR,
    });
    await untilColumn(score.columns.score, true);
    const segment = f.segmentId('All accounts');
    const cohorts = cohortsClient(f);
    const cohort = await cohorts.create(f.dana, segment, {
      name: 'Scored above 50',
      filters: [{ field: score.columns.score, operator: 'gte', value: 50 }],
    });
    const alerts = notificationsClient(f);
    const alert = await alerts.create(f.dana, newAlertBody(segment, cohort.id, 'Newly scored'));

    const refused = await c.remove(f.dana, score.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'conflict',
      message: expect.stringContaining('Watched') as unknown,
      errors: [
        { path: `cohort:${cohort.id}`, message: 'Scored above 50' },
        { path: `alert:${alert.id}`, message: 'Newly scored' },
      ],
    });
    expect((await c.get(f.dana, score.id)).statusCode).toBe(200);

    // Without the alert only the cohort is named; without it too, the delete goes through.
    const gone = await alerts.call(f.dana, 'DELETE', NOTIFICATIONS_API.notification(alert.id));
    expect(gone.statusCode, gone.body).toBe(204);
    const again = await c.remove(f.dana, score.id);
    expect(again.statusCode).toBe(409);
    expect(errorPaths(again)).toEqual([`cohort:${cohort.id}`]);
    expect((await cohorts.remove(f.dana, segment, cohort.id)).statusCode).toBe(204);
    expect((await c.remove(f.dana, score.id)).statusCode).toBe(204);
  });

  it('seeds scores once by key, and start-up writes every organization’s definitions to its warehouse', async () => {
    const seed = {
      seedKey: 'product-qualified',
      name: 'Product-qualified',
      baseTable: 'accounts' as const,
      behaviour: SCORE_BEHAVIOUR,
    };
    await seedScores(f.t.database.db, f.eveOrg, [seed]);
    await seedScores(f.t.database.db, f.eveOrg, [{ ...seed, name: 'Renamed seed' }]);
    const eves = await scoresClient(f).list(f.eve);
    expect(eves.map((score) => [score.name, score.slug, score.version])).toEqual([
      ['Product-qualified', 'product_qualified', 1],
    ]);
    const { engine } = f.t.app.warehouse;
    expect(await readScoreDefinitions(engine, f.eveOrg)).toEqual([]);
    await writeAllScoreDefinitions(f.t.app);
    const written = await readScoreDefinitions(engine, f.eveOrg);
    expect(written.map((definition) => [definition.id, definition.slug])).toEqual([
      [eves[0]!.id, 'product_qualified'],
    ]);
  });
});
