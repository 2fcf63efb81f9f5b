import { beforeAll, describe, expect, it } from 'vitest';
import {
  trendResponseSchema,
  type TrendRequestInput,
  type TrendResponse,
} from '@revlane/contracts';
import { useLiveOpsFixture } from '../../__tests__/live-ops-fixture.js';
import { API, insertCohort, seedCohortCounts } from '../../__tests__/cohort-seeds.js';

/**
 * Cohort A's daily counts (2024-05-29 is a Wednesday, 06-03 and 06-10 are Mondays); cohort B
 * of the same organization has a row on a day A lacks, which must never leak into A.
 */
// prettier-ignore
const A_DAYS = [
  ['2024-05-31', 8, 1, 0],
  ['2024-06-03', 10, 3, 1],
  ['2024-06-04', 11, 2, 1],
  ['2024-06-06', 9, 0, 2],
  ['2024-06-10', 12, 4, 1],
  ['2024-06-20', 15, 1, 0],
] as const;

describe('live-ops: POST segments/{id}/trend and rolling-avg from snapshots', () => {
  const f = useLiveOpsFixture({ load: false });
  let cohortA: string;
  let otherSegmentCohort: string;
  let eveCohort: string;

  beforeAll(async () => {
    cohortA = await insertCohort(f, f.danaOrg, f.segmentId('All accounts'), 'A');
    otherSegmentCohort = await insertCohort(f, f.danaOrg, f.segmentId('Active users'), 'B');
    eveCohort = await insertCohort(f, f.eveOrg, f.eveSegmentId('All accounts'), 'E');
    await seedCohortCounts(f, f.danaOrg, [
      ...A_DAYS.map(
        ([day, m, e, l]) => [cohortA, day, m, e, l] as [string, string, number, number, number],
      ),
      [otherSegmentCohort, '2024-06-05', 99, 99, 99],
    ]);
  });

  const post = (
    path: 'trend' | 'rolling-avg',
    body: TrendRequestInput,
    user = f.dana,
    segment?: string,
  ) =>
    f.inject(user, {
      method: 'POST',
      url: `${API}/segments/${segment ?? f.segmentId('All accounts')}/${path}`,
      payload: body,
    });
  const points = async (path: 'trend' | 'rolling-avg', body: TrendRequestInput) => {
    const response = await post(path, body);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: TrendResponse }>().data;
    expect(trendResponseSchema.parse(data)).toEqual(data);
    return data;
  };
  const values = async (body: TrendRequestInput) =>
    (await points('trend', body)).points.map((point) => [point.date, point.value]);
  type TrendMetric = NonNullable<TrendRequestInput['metric']>;
  /** Asks the trend once per metric given and expects that metric's [date, value] points. */
  const expectSeries = async (
    body: TrendRequestInput,
    series: Partial<Record<TrendMetric, [string, number | null][]>>,
  ) => {
    for (const [metric, expected] of Object.entries(series)) {
      expect(await values({ ...body, metric: metric as TrendMetric }), metric).toEqual(expected);
    }
  };

  it('answers one point per day with nulls on days without a snapshot', async () => {
    const body = { cohortId: cohortA, from: '2024-06-02', to: '2024-06-06' };
    const trend = await points('trend', body);
    expect(trend).toMatchObject({
      metric: 'members',
      interval: 'day',
      window: null,
      source: 'snapshots',
    });
    expect(trend.points).toEqual([
      { date: '2024-06-02', value: null },
      { date: '2024-06-03', value: 10 },
      { date: '2024-06-04', value: 11 },
      { date: '2024-06-05', value: null },
      { date: '2024-06-06', value: 9 },
    ]);
    expect(await values({ ...body, metric: 'entered' })).toEqual([
      ['2024-06-02', null],
      ['2024-06-03', 3],
      ['2024-06-04', 2],
      ['2024-06-05', null],
      ['2024-06-06', 0],
    ]);
  });

  it.each<
    [
      string,
      {
        interval: 'week' | 'month';
        from: string;
        to: string;
        series: Parameters<typeof expectSeries>[1];
      },
    ]
  >([
    [
      'groups ISO weeks from Monday: latest members, summed entered and left',
      {
        interval: 'week',
        from: '2024-05-29',
        to: '2024-06-12',
        series: {
          members: [
            ['2024-05-29', 8],
            ['2024-06-03', 9],
            ['2024-06-10', 12],
          ],
          entered: [
            ['2024-05-29', 1],
            ['2024-06-03', 5],
            ['2024-06-10', 4],
          ],
          left: [
            ['2024-05-29', 0],
            ['2024-06-03', 4],
            ['2024-06-10', 1],
          ],
        },
      },
    ],
    [
      'groups calendar months, the first clipped to from',
      {
        interval: 'month',
        from: '2024-05-15',
        to: '2024-07-10',
        series: {
          members: [
            ['2024-05-15', 8],
            ['2024-06-01', 15],
            ['2024-07-01', null],
          ],
          entered: [
            ['2024-05-15', 1],
            ['2024-06-01', 10],
            ['2024-07-01', null],
          ],
        },
      },
    ],
  ])('%s', async (_title, { interval, from, to, series }) => {
    await expectSeries({ cohortId: cohortA, from, to, interval }, series);
  });

  it('averages the last `window` non-null points on rolling-avg', async () => {
    const body = { cohortId: cohortA, from: '2024-06-02', to: '2024-06-06', window: 3 };
    const rolling = await points('rolling-avg', body);
    expect(rolling).toMatchObject({ window: 3, source: 'snapshots', metric: 'members' });
    // [–, 10, 11, –, 9] → –; 10; (10+11)/2; (10+11)/2; (11+9)/2.
    expect(rolling.points.map((point) => point.value)).toEqual([null, 10, 10.5, 10.5, 10]);
  });

  it('answers every point null where no snapshot table exists yet', async () => {
    const response = await post(
      'trend',
      { cohortId: eveCohort, from: '2024-06-01', to: '2024-06-03' },
      f.eve,
      f.eveSegmentId('All accounts'),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: TrendResponse }>().data.points.map((p) => p.value)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('answers 404 for another organization’s cohort or one of another segment', async () => {
    for (const cohortId of [
      eveCohort,
      otherSegmentCohort,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await post('trend', { cohortId, from: '2024-06-01', to: '2024-06-03' });
      expect(response.statusCode, response.body).toBe(404);
    }
    const eveSegment = await post(
      'trend',
      { cohortId: eveCohort, from: '2024-06-01', to: '2024-06-03' },
      f.dana,
      f.eveSegmentId('All accounts'),
    );
    expect(eveSegment.statusCode).toBe(404);
  });
});
