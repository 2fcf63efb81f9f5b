import type {
  BacktestResult,
  RecordScores,
  Score,
  ScoreBreakdown,
  ScorePreview,
} from '@revlane/contracts';

export const LIVE_OPS = '/live-ops/api/v1';
export const SCORE_ID = 'sc-1';
/** The id of "Big Pro accounts" of segment seg-1 (an accounts segment), as the cohorts' fixtures have it. */
export const COHORT_ID = '0b6f7f5e-7c55-4bd4-9d3a-2f0c1c7a4e01';

/** "Product-qualified": Pro plan accounts (+20) that export reports (+3 per export, 30 days). */
export const score = (overrides: Partial<Score> = {}): Score => ({
  id: SCORE_ID,
  name: 'Product-qualified',
  slug: 'product_qualified',
  baseTable: 'accounts',
  fit: [{ filters: [{ field: 'plan', operator: 'includes', value: ['Pro'] }], points: 20 }],
  behaviour: [{ event: 'report_exported', points: 3, lifespanDays: 30 }],
  grades: [
    { label: 'A', min: 80 },
    { label: 'B', min: 60 },
    { label: 'C', min: 40 },
    { label: 'D', min: 0 },
  ],
  defaultGrades: true,
  columns: {
    score: 'score_product_qualified',
    grade: 'grade_product_qualified',
    reasons: 'reasons_product_qualified',
  },
  version: 2,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const breakdown = (overrides: Partial<ScoreBreakdown> = {}): ScoreBreakdown => ({
  recordId: 'acc-1',
  label: 'Acme',
  score: 87,
  grade: 'A',
  points: 43.5,
  maximum: 50,
  contributions: [
    {
      kind: 'behaviour',
      rule: 0,
      points: 23.5,
      contribution: 47,
      occurrences: 9,
      text: "+47 used 'report_exported' 9× in 30 days",
    },
    {
      kind: 'fit',
      rule: 0,
      points: 20,
      contribution: 40,
      occurrences: null,
      text: '+40 Plan is any of Pro',
    },
  ],
  ...overrides,
});

/** 120 accounts over the ten bins, two examples. */
export const preview = (overrides: Partial<ScorePreview> = {}): ScorePreview => ({
  records: 120,
  histogram: [40, 20, 10, 10, 8, 7, 6, 9, 6, 4].map((records, bin) => ({
    from: bin * 10,
    to: bin === 9 ? 100 : bin * 10 + 9,
    records,
  })),
  grades: [
    { label: 'A', min: 80, records: 10 },
    { label: 'B', min: 60, records: 13 },
    { label: 'C', min: 40, records: 15 },
    { label: 'D', min: 0, records: 82 },
  ],
  examples: [
    breakdown(),
    breakdown({
      recordId: 'acc-2',
      label: 'Globex',
      score: 12,
      grade: 'D',
      points: 6,
      contributions: [
        {
          kind: 'behaviour',
          rule: 0,
          points: 6,
          contribution: 12,
          occurrences: 2,
          text: "+12 used 'report_exported' 2× in 30 days",
        },
      ],
    }),
  ],
  ...overrides,
});

export const backtestResult = (overrides: Partial<BacktestResult> = {}): BacktestResult => ({
  auc: 0.812,
  records: 10_000,
  distinctRecords: 120,
  converted: 500,
  rate: 0.05,
  lift: 3.4,
  deciles: Array.from({ length: 10 }, (_, at) => ({
    decile: at + 1,
    minScore: 90 - at * 10,
    maxScore: at === 0 ? 100 : 99 - at * 10,
    records: 1000,
    converted: [170, 90, 60, 50, 40, 30, 25, 15, 12, 8][at]!,
    rate: [170, 90, 60, 50, 40, 30, 25, 15, 12, 8][at]! / 1000,
  })),
  grades: [
    { label: 'A', records: 1000, converted: 170, rate: 0.17 },
    { label: 'B', records: 2000, converted: 150, rate: 0.075 },
    { label: 'C', records: 2000, converted: 90, rate: 0.045 },
    { label: 'D', records: 5000, converted: 90, rate: 0.018 },
  ],
  fromDay: '2025-09-01',
  toDay: '2026-02-01',
  dayCount: 154,
  horizonDays: 30,
  ...overrides,
});

export const recordScores = (): RecordScores => [
  { scoreId: SCORE_ID, name: 'Product-qualified', breakdown: breakdown() },
  {
    scoreId: 'sc-2',
    name: 'Enterprise fit',
    breakdown: breakdown({
      score: 30,
      grade: 'D',
      contributions: [
        {
          kind: 'fit',
          rule: 0,
          points: 30,
          contribution: 30,
          occurrences: null,
          text: '+30 MRR greater than 5000',
        },
        {
          kind: 'behaviour',
          rule: 0,
          points: -5,
          contribution: -5,
          occurrences: 1,
          text: "-5 used 'ticket_opened' 1× in 14 days",
        },
      ],
    }),
  },
];
