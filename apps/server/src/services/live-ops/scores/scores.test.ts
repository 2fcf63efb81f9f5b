import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCORE_GRADES, SCORES_API, type Score } from '@revlane/contracts';
import { testUser, type TestUser } from '../../../../test/app.js';
import { scores } from '../../../platform/database/schema/index.js';
import { useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { errorPaths, scoresClient } from '../__tests__/scores-test-client.js';
import { findScore, lockScore, updateScore } from './scores.repository.js';

const proFit = {
  filters: [{ field: 'plan', operator: 'includes' as const, value: ['pro'] }],
  points: 20,
};
const exports = { event: 'export_created', points: 5, lifespanDays: 30 };

describe('live-ops: scores CRUD (docs/product.md §2)', () => {
  const f = useLiveOpsFixture({ load: false });
  let c: ReturnType<typeof scoresClient>;
  let alex: TestUser;
  let fit: Score;
  beforeAll(async () => {
    c = scoresClient(f);
    // Dana owns her organization; Alex joins it as a member.
    alex = await testUser(f.t, 'alex@acme-demo.example');
    fit = await c.create(f.dana, {
      name: '  Product-qualified ',
      baseTable: 'accounts',
      fit: [proFit],
      behaviour: [exports],
    });
  });

  it('creates a score with its slug, columns, default grades and version 1, and reads it back', async () => {
    expect(fit).toMatchObject({
      name: 'Product-qualified',
      slug: 'product_qualified',
      baseTable: 'accounts',
      fit: [proFit],
      behaviour: [exports],
      grades: [...DEFAULT_SCORE_GRADES],
      defaultGrades: true,
      columns: {
        score: 'score_product_qualified',
        grade: 'grade_product_qualified',
        reasons: 'reasons_product_qualified',
      },
      version: 1,
    });
    const read = await c.get(f.dana, fit.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: fit });
    // Members read scores too.
    expect(await c.list(alex)).toEqual([fit]);
    const [version] = await c.versions(f.dana, fit.id);
    expect(version).toMatchObject({ version: 1, name: 'Product-qualified', grades: null });
    expect(version?.changedBy?.email).toBe('dana@acme-demo.example');
  });

  it('changes a score as a new version; the base table and slug stay', async () => {
    const score = await c.create(f.dana, {
      name: 'Engaged',
      baseTable: 'users',
      behaviour: [exports],
    });
    const grades = [
      { label: 'Hot', min: 50 },
      { label: 'Cold', min: 0 },
    ];
    const response = await c.patch(f.dana, score.id, {
      name: 'Engaged users',
      behaviour: [{ ...exports, points: 9, lifespanDays: 90, cap: 30 }],
      grades,
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json<{ data: Score }>().data;
    expect(changed).toMatchObject({
      id: score.id,
      name: 'Engaged users',
      slug: 'engaged',
      baseTable: 'users',
      grades,
      defaultGrades: false,
      version: 2,
    });
    const versions = await c.versions(f.dana, score.id);
    expect(versions.map((v) => [v.version, v.name, v.grades])).toEqual([
      [2, 'Engaged users', grades],
      [1, 'Engaged', null],
    ]);
    // The same again changes nothing; back to the default grades is a version.
    const same = await c.patch(f.dana, score.id, { name: 'Engaged users' });
    expect(same.json<{ data: Score }>().data.version).toBe(2);
    const reset = await c.patch(f.dana, score.id, { grades: null });
    expect(reset.json<{ data: Score }>().data).toMatchObject({ version: 3, defaultGrades: true });
    // The base table is not part of a change.
    const moved = await c.patch(f.dana, score.id, { baseTable: 'accounts' });
    expect(moved.statusCode).toBe(400);
    expect(errorPaths(moved)).toContain('body.baseTable');
    // Taking away the last rule is refused.
    const empty = await c.patch(f.dana, score.id, { behaviour: [] });
    expect(empty.statusCode).toBe(400);
    expect(errorPaths(empty)).toEqual(['body.fit']);
  });

  it('answers 400 naming the field of each bad rule', async () => {
    const cases: [unknown, unknown][] = [
      [
        { fit: [{ filters: [{ field: 'no_such_column', operator: 'eq', value: 1 }], points: 5 }] },
        ['body.fit[0].filters[0].field'],
      ],
      [
        {
          fit: [
            proFit,
            {
              filters: [proFit.filters[0], { field: 'plan', operator: 'gt', value: 1 }],
              points: 5,
            },
          ],
        },
        ['body.fit[1].filters[1].operator'],
      ],
      // `role` is a users column, not one of accounts.
      [
        {
          fit: [
            { filters: [{ field: 'role', operator: 'includes', value: ['admin'] }], points: 5 },
          ],
        },
        ['body.fit[0].filters[0].field'],
      ],
      [{ behaviour: [{ ...exports, lifespanDays: 0 }] }, ['body.behaviour.0.lifespanDays']],
      [{ behaviour: [{ ...exports, lifespanDays: 731 }] }, ['body.behaviour.0.lifespanDays']],
      [{ behaviour: [{ ...exports, cap: -10 }] }, ['body.behaviour.0.cap']],
      [{ behaviour: [{ ...exports, points: 0 }] }, ['body.behaviour.0.points']],
      [{ fit: [], behaviour: [] }, ['body.fit']],
      [{}, ['body.fit']],
      // A fit rule does not read a score's own columns.
      [
        {
          fit: [
            {
              filters: [{ field: 'score_product_qualified', operator: 'gt', value: 50 }],
              points: 5,
            },
          ],
        },
        expect.arrayContaining(['body.fit[0].filters']),
      ],
    ];
    for (const [rules, paths] of cases) {
      const response = await c.post(f.dana, {
        name: 'Broken',
        baseTable: 'accounts',
        ...(rules as object),
      });
      expect(response.statusCode, JSON.stringify(rules)).toBe(400);
      expect(errorPaths(response), JSON.stringify(rules)).toEqual(paths);
    }
    const patch = await c.patch(f.dana, fit.id, {
      fit: [{ filters: [{ field: 'no_such_column', operator: 'eq', value: 1 }], points: 5 }],
    });
    expect(patch.statusCode).toBe(400);
    expect(errorPaths(patch)).toEqual(['body.fit[0].filters[0].field']);
    expect((await c.list(f.dana)).some((score) => score.name === 'Broken')).toBe(false);
  });

  it('answers 409 naming the name for a duplicate on create and on rename', async () => {
    const duplicate = await c.post(f.dana, {
      name: 'Product-qualified',
      baseTable: 'users',
      behaviour: [exports],
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ error: 'conflict', errors: [{ path: 'body.name' }] });
    const other = await c.create(f.dana, {
      name: 'Rename me',
      baseTable: 'accounts',
      fit: [proFit],
    });
    const rename = await c.patch(f.dana, other.id, { name: 'Product-qualified' });
    expect(rename.statusCode).toBe(409);
    expect(errorPaths(rename)).toEqual(['body.name']);
    // Names are unique within an organization only.
    const eves = await c.create(f.eve, {
      name: 'Product-qualified',
      baseTable: 'accounts',
      fit: [proFit],
    });
    expect(eves.slug).toBe('product_qualified');
  });

  it('maps racing creates to one 201 and one 409, and racing slugs to the next free one', async () => {
    const body = (name: string) => ({ name, baseTable: 'accounts', fit: [proFit] });
    const race = await Promise.all([0, 1].map(() => c.post(f.dana, body('Raced'))));
    expect(race.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const twins = await Promise.all(['Twin', 'twin'].map((name) => c.post(f.dana, body(name))));
    expect(twins.map((response) => response.statusCode)).toEqual([201, 201]);
    const slugs = twins.map((response) => response.json<{ data: Score }>().data.slug);
    expect(slugs.sort()).toEqual(['twin', 'twin_2']);
  });

  it('refuses a member’s writes with 403, and lets them read', async () => {
    const body = { name: 'Members’', baseTable: 'accounts', fit: [proFit] };
    const writes = [
      await c.post(alex, body),
      await c.patch(alex, fit.id, { name: 'Taken over' }),
      await c.remove(alex, fit.id),
    ];
    for (const response of writes) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toMatch(/^Only admins may /);
    }
    expect((await c.get(alex, fit.id)).json<{ data: Score }>().data).toEqual(fit);
    expect(await c.versions(alex, fit.id)).toHaveLength(1);
  });

  it('deletes softly: 204, then 404; the name is free again and the slug is not', async () => {
    const score = await c.create(f.dana, {
      name: 'Short-lived',
      baseTable: 'accounts',
      fit: [proFit],
    });
    const response = await c.remove(f.dana, score.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await c.get(f.dana, score.id)).statusCode).toBe(404);
    expect((await c.remove(f.dana, score.id)).statusCode).toBe(404);
    expect((await c.call(f.dana, 'GET', SCORES_API.versions(score.id))).statusCode).toBe(404);
    const again = await c.create(f.dana, {
      name: 'Short-lived',
      baseTable: 'accounts',
      fit: [proFit],
    });
    expect(again.slug).toBe('short_lived_2');
    const [row] = await f.t.database.db.select().from(scores).where(eq(scores.id, score.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });

  it('answers 404 to Eve for Dana’s score on every route, and for malformed ids', async () => {
    for (const id of [fit.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const requests = [
        c.get(f.eve, id),
        c.patch(f.eve, id, { name: 'Mine now' }),
        c.remove(f.eve, id),
        c.call(f.eve, 'GET', SCORES_API.versions(id)),
        c.call(f.eve, 'POST', SCORES_API.backtest(id), {
          outcome: { event: 'export_created' },
          horizonDays: 30,
        }),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual({ error: 'not_found', message: 'Score not found' });
      }
    }
    expect((await c.list(f.eve)).map((score) => score.name)).toEqual(['Product-qualified']);
    expect((await c.get(f.dana, fit.id)).json<{ data: Score }>().data).toEqual(fit);
    const { db } = f.t.database;
    expect(await findScore(db, f.eveOrg, fit.id)).toBeUndefined();
    expect(await lockScore(db, f.eveOrg, fit.id)).toBeUndefined();
    expect(
      await updateScore(db, f.eveOrg, fit.id, { name: 'Hijacked', version: 9 }),
    ).toBeUndefined();
  });
});
