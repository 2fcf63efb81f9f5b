import { APP_ROUTES, type BaseTable } from '@revlane/contracts';
import { Skeleton } from 'antd';
import { Link } from 'react-router';
import { LoadError } from '@/common/ui/load-error';
import { SectionCard } from '@/common/ui/section-card';
import { useRecordScores } from '../api/get-record-scores';
import { RECORD_NOUNS } from '../lib/describe-score';
import { ScoreBreakdownView } from './score-breakdown';

/**
 * An account's or user's scores on its page: each score of its table with the grade and the
 * full breakdown (the `reasons_` column keeps only the top three).
 */
export function RecordScoresCard({ table, recordId }: { table: BaseTable; recordId: string }) {
  const scores = useRecordScores(table, recordId);
  return (
    <SectionCard title="Scores">
      {scores.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : scores.isError ? (
        <LoadError title="The scores could not be loaded." onRetry={() => void scores.refetch()} />
      ) : scores.data.length === 0 ? (
        <p className="text-sm text-slate-500">
          {`No scores for ${RECORD_NOUNS[table].many} yet. `}
          <Link to={APP_ROUTES.scores}>Scores</Link>
        </p>
      ) : (
        <ul aria-label="Record scores" className="flex flex-col gap-4">
          {scores.data.map((score) => (
            <li key={score.scoreId} aria-label={score.name} className="flex flex-col gap-1">
              <Link to={APP_ROUTES.score(score.scoreId)} className="font-medium">
                {score.name}
              </Link>
              <ScoreBreakdownView breakdown={score.breakdown} label={score.name} />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
