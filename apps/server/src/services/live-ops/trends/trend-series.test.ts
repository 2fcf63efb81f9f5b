import { describe, expect, it } from 'vitest';
import { rollingMean, snapshotPoints, trendIntervals, type DailyCount } from './trend-series.js';

describe('trendIntervals', () => {
  it('lists every day of the range', () => {
    expect(trendIntervals('2024-02-28', '2024-03-01', 'day')).toEqual([
      { date: '2024-02-28', lastDay: '2024-02-28' },
      { date: '2024-02-29', lastDay: '2024-02-29' },
      { date: '2024-03-01', lastDay: '2024-03-01' },
    ]);
  });

  it('cuts ISO weeks on Mondays and clips the first and last week to the range', () => {
    // 2024-06-05 is a Wednesday; 06-10 and 06-17 are Mondays.
    expect(trendIntervals('2024-06-05', '2024-06-18', 'week')).toEqual([
      { date: '2024-06-05', lastDay: '2024-06-09' },
      { date: '2024-06-10', lastDay: '2024-06-16' },
      { date: '2024-06-17', lastDay: '2024-06-18' },
    ]);
  });

  it('cuts months at their first day, across a year end and a leap February', () => {
    expect(trendIntervals('2023-12-15', '2024-03-02', 'month')).toEqual([
      { date: '2023-12-15', lastDay: '2023-12-31' },
      { date: '2024-01-01', lastDay: '2024-01-31' },
      { date: '2024-02-01', lastDay: '2024-02-29' },
      { date: '2024-03-01', lastDay: '2024-03-02' },
    ]);
  });

  it('gives one point for a one-day range whatever the interval', () => {
    expect(trendIntervals('2024-06-15', '2024-06-15', 'month')).toEqual([
      { date: '2024-06-15', lastDay: '2024-06-15' },
    ]);
  });
});

describe('snapshotPoints', () => {
  const days: DailyCount[] = [
    { day: '2024-06-11', members: 12, entered: 3, left: 1 },
    { day: '2024-06-10', members: 10, entered: 2, left: 0 },
    { day: '2024-06-18', members: 9, entered: 0, left: 4 },
  ];
  const weeks = trendIntervals('2024-06-05', '2024-06-18', 'week');

  it('takes the latest day’s members in each interval, null without a snapshot', () => {
    expect(snapshotPoints(weeks, days, 'members')).toEqual([
      { date: '2024-06-05', value: null },
      { date: '2024-06-10', value: 12 },
      { date: '2024-06-17', value: 9 },
    ]);
  });

  it('adds up entered and left over each interval', () => {
    expect(snapshotPoints(weeks, days, 'entered').map((p) => p.value)).toEqual([null, 5, 0]);
    expect(snapshotPoints(weeks, days, 'left').map((p) => p.value)).toEqual([null, 1, 4]);
  });
});

describe('rollingMean', () => {
  const points = [4, null, 8, 3, null, null, null].map((value, index) => ({
    date: `2024-06-0${index + 1}`,
    value,
  }));

  it('averages the non-null values of the last `window` points', () => {
    // 3-point windows: [4] → 4; [4,–] → 4; [4,–,8] → 6; [–,8,3] → 5.5; [8,3,–] → 5.5;
    // [3,–,–] → 3; [–,–,–] → null.
    expect(rollingMean(points, 3).map((p) => p.value)).toEqual([4, 4, 6, 5.5, 5.5, 3, null]);
  });

  it('is the series itself with a window of one', () => {
    expect(rollingMean(points, 1)).toEqual(points);
  });
});
