import type { BaseTable, Score, ScoreGrade } from '@revlane/contracts';

export const BASE_TABLE_LABELS: Record<BaseTable, string> = {
  accounts: 'Accounts',
  users: 'Users',
};

/** "account" / "user": how the texts name one record of the table. */
export const RECORD_NOUNS: Record<BaseTable, { one: string; many: string }> = {
  accounts: { one: 'account', many: 'accounts' },
  users: { one: 'user', many: 'users' },
};

const countFormat = new Intl.NumberFormat('en-US');
export const formatCount = (count: number) => countFormat.format(count);

/** "12 accounts" / "1 user". */
export const formatRecords = (count: number, table: BaseTable) =>
  `${formatCount(count)} ${count === 1 ? RECORD_NOUNS[table].one : RECORD_NOUNS[table].many}`;

/** "2 fit · 3 behaviour". */
export const describeRules = (score: Pick<Score, 'fit' | 'behaviour'>) =>
  `${score.fit.length} fit · ${score.behaviour.length} behaviour`;

/** "A ≥ 80 · B ≥ 60 · C ≥ 40 · D": the lowest grade takes the rest. */
export function describeGrades(grades: readonly ScoreGrade[]): string {
  const sorted = [...grades].sort((a, b) => b.min - a.min);
  return sorted
    .map((grade, at) =>
      at === sorted.length - 1 && grade.min === 0 ? grade.label : `${grade.label} ≥ ${grade.min}`,
    )
    .join(' · ');
}

/** A rate as a percentage with one decimal ("12.5%"); "—" when there is none. */
export const formatRate = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;

/** The AUC with two decimals; "—" when nobody or everybody converted. */
export const formatAuc = (auc: number | null) => (auc === null ? '—' : auc.toFixed(2));

/** "2.4×"; "—" without a rate to compare with. */
export const formatLift = (lift: number | null) => (lift === null ? '—' : `${lift.toFixed(1)}×`);

/** "0–9" for a histogram bin or a decile's scores; "—" when the decile is empty. */
export const formatRange = (from: number | null, to: number | null) =>
  from === null || to === null ? '—' : from === to ? `${from}` : `${from}–${to}`;
