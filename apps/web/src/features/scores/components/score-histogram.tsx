import type { BaseTable, ScorePreview } from '@revlane/contracts';
import { formatCount, formatRange, formatRecords } from '../lib/describe-score';

/**
 * The ten bins of scores (0–9 … 90–100) as bars, each with its count written above it; every
 * bar names its range and count for a screen reader.
 */
export function ScoreHistogram({
  histogram,
  table,
}: {
  histogram: ScorePreview['histogram'];
  table: BaseTable;
}) {
  const most = Math.max(1, ...histogram.map((bin) => bin.records));
  return (
    <figure aria-label="Score distribution" className="m-0">
      <ol className="flex h-40 items-end gap-1">
        {histogram.map((bin) => {
          const range = formatRange(bin.from, bin.to);
          const height = bin.records === 0 ? 0 : Math.max(2, (bin.records / most) * 100);
          return (
            <li
              key={bin.from}
              aria-label={`Scores ${range}: ${formatRecords(bin.records, table)}`}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end"
            >
              <span aria-hidden="true" className="text-[11px] text-slate-600">
                {formatCount(bin.records)}
              </span>
              <span
                aria-hidden="true"
                className="w-full rounded-t bg-brand-500"
                style={{ height: `${height}%` }}
              />
            </li>
          );
        })}
      </ol>
      <figcaption aria-hidden="true" className="mt-1 flex gap-1 text-[10px] text-slate-500">
        {histogram.map((bin) => (
          <span key={bin.from} className="min-w-0 flex-1 text-center">
            {formatRange(bin.from, bin.to)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
