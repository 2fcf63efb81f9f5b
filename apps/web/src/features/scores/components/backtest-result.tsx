import type { BacktestResult, BaseTable } from '@revlane/contracts';
import { Table, type TableProps } from 'antd';
import {
  formatAuc,
  formatCount,
  formatLift,
  formatRange,
  formatRate,
  RECORD_NOUNS,
} from '../lib/describe-score';

type Decile = BacktestResult['deciles'][number];
type GradeRow = BacktestResult['grades'][number];

const rateColumns = [
  {
    key: 'records',
    title: 'Records',
    render: (_: unknown, row: { records: number }) => formatCount(row.records),
  },
  {
    key: 'converted',
    title: 'Converted',
    render: (_: unknown, row: { converted: number }) => formatCount(row.converted),
  },
  {
    key: 'rate',
    title: 'Rate',
    render: (_: unknown, row: { rate: number | null }) => formatRate(row.rate),
  },
];

const decileColumns: TableProps<Decile>['columns'] = [
  { key: 'decile', title: 'Decile', render: (_, row) => row.decile },
  { key: 'scores', title: 'Scores', render: (_, row) => formatRange(row.minScore, row.maxScore) },
  ...rateColumns,
];

const gradeColumns: TableProps<GradeRow>['columns'] = [
  { key: 'grade', title: 'Grade', render: (_, row) => row.label },
  ...rateColumns,
];

/** A back-test's figures: how well the score ranked who converted, then the rates per band. */
export function BacktestResultView({
  result,
  table,
}: {
  result: BacktestResult;
  table: BaseTable;
}) {
  const figures = [
    { label: 'AUC', value: formatAuc(result.auc) },
    { label: 'Lift of the top decile', value: formatLift(result.lift) },
    { label: 'Records', value: formatCount(result.records) },
    { label: 'Converted', value: formatCount(result.converted) },
    { label: 'Rate', value: formatRate(result.rate) },
  ];
  const days =
    result.fromDay && result.toDay
      ? `${result.dayCount} days from ${result.fromDay} to ${result.toDay}`
      : 'No past day to score yet';
  return (
    <div className="flex flex-col gap-5">
      <dl aria-label="Back-test summary" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <dt className="text-xs text-slate-500">{figure.label}</dt>
            <dd className="m-0 text-lg font-semibold text-slate-900">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">
        {`${days}, ${formatCount(result.distinctRecords)} ${RECORD_NOUNS[table].many}, a horizon of ${result.horizonDays} days. Records are ${RECORD_NOUNS[table].one}-days; decile 1 holds the highest scores.`}
      </p>
      <Table<Decile>
        aria-label="Conversion by decile"
        rowKey="decile"
        size="small"
        columns={decileColumns}
        dataSource={result.deciles}
        pagination={false}
      />
      <Table<GradeRow>
        aria-label="Conversion by grade"
        rowKey="label"
        size="small"
        columns={gradeColumns}
        dataSource={result.grades}
        pagination={false}
      />
    </div>
  );
}
