import type { ScoreBreakdown } from '@revlane/contracts';
import { Tag } from 'antd';

/** A record's score and grade, then every rule's contribution as the server words it. */
export function ScoreBreakdownView({
  breakdown,
  label,
}: {
  breakdown: ScoreBreakdown;
  /** Names the list of contributions ("Breakdown of Acme"). */
  label: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2 text-sm">
        <span
          className="text-lg font-semibold text-slate-900"
          aria-label={`Score ${breakdown.score}`}
        >
          {breakdown.score}
        </span>
        <Tag color="geekblue" className="!m-0" aria-label={`Grade ${breakdown.grade}`}>
          {breakdown.grade}
        </Tag>
      </div>
      {breakdown.contributions.length === 0 ? (
        <p className="text-sm text-slate-500">No rule gives this record points.</p>
      ) : (
        <ul aria-label={`Breakdown of ${label}`} className="flex flex-col gap-0.5 text-sm">
          {breakdown.contributions.map((contribution) => (
            <li
              key={`${contribution.kind}:${contribution.rule}`}
              className={
                contribution.points === 0
                  ? 'text-slate-400'
                  : contribution.contribution < 0
                    ? 'text-red-700'
                    : 'text-slate-700'
              }
            >
              {contribution.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
