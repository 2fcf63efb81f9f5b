import { DeleteOutlined } from '@ant-design/icons';
import { APP_ROUTES, type Score } from '@revlane/contracts';
import { Skeleton, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toApiError } from '@/common/api';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { EmptyState } from '@/common/ui/empty-state';
import { InlineAlert } from '@/common/ui/inline-alert';
import { LoadError } from '@/common/ui/load-error';
import { PageHeader } from '@/common/ui/page-header';
import { useScore } from '../api/get-score';
import { useDeleteScore } from '../api/save-score';
import { BASE_TABLE_LABELS } from '../lib/describe-score';
import type { FiltersFieldComponent } from '../lib/filters-field';
import { BacktestPanel } from './backtest-panel';
import { DeleteScoreDialog } from './delete-score-dialog';
import { ScoreEditor } from './score-editor';

interface ScoreDetailsPageProps {
  scoreId: string;
  /** Admins change and delete scores; members read them (docs/product.md §6). */
  canEdit: boolean;
  FiltersField: FiltersFieldComponent;
}

/**
 * One score (`/app/scores/{id}`): its editor with the live preview, a back-test of the saved
 * definition, and Delete.
 */
export function ScoreDetailsPage({ scoreId, canEdit, FiltersField }: ScoreDetailsPageProps) {
  const score = useScore(scoreId);
  if (score.isPending || score.isError) {
    const isMissing = score.isError && toApiError(score.error).status === 404;
    return (
      <section>
        <PageHeader
          title="Score details"
          description={<Link to={APP_ROUTES.scores}>All scores</Link>}
        />
        {score.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : isMissing ? (
          <EmptyState title="Score not found">It may have been deleted.</EmptyState>
        ) : (
          <LoadError title="This score could not be loaded." onRetry={() => void score.refetch()} />
        )}
      </section>
    );
  }
  return <ScoreDetails score={score.data} canEdit={canEdit} FiltersField={FiltersField} />;
}

function ScoreDetails({
  score,
  canEdit,
  FiltersField,
}: { score: Score } & Omit<ScoreDetailsPageProps, 'scoreId'>) {
  const navigate = useNavigate();
  const [isDeleting, setDeleting] = useState(false);
  const remove = useDeleteScore();
  // Saving keeps the editor: the page shows the new version.
  const keep = useCallback(() => undefined, []);
  return (
    <section>
      <PageHeader
        title={score.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link to={APP_ROUTES.scores}>All scores</Link>
            <Tag>{`Base table: ${BASE_TABLE_LABELS[score.baseTable]}`}</Tag>
            <Tag>{`Version ${score.version}`}</Tag>
            <span>{`Columns: ${score.columns.score}, ${score.columns.grade}, ${score.columns.reasons}`}</span>
            <span>{`Updated ${formatTimestamp(score.updatedAt)}`}</span>
          </span>
        }
        actions={
          <AdminOnlyButton
            canEdit={canEdit}
            action="delete scores"
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            onClick={() => {
              remove.reset();
              setDeleting(true);
            }}
          >
            Delete
          </AdminOnlyButton>
        }
      />
      {!canEdit && (
        <InlineAlert
          type="info"
          className="mb-6"
          title="Only admins can change scores: try changes in the preview, they are not saved."
        />
      )}
      <div className="flex flex-col gap-6">
        <ScoreEditor score={score} canEdit={canEdit} FiltersField={FiltersField} onSaved={keep} />
        <BacktestPanel score={score} FiltersField={FiltersField} />
      </div>
      <DeleteScoreDialog
        score={score}
        open={isDeleting}
        isLoading={remove.isPending}
        failure={remove.error}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(score, { onSuccess: () => void navigate(APP_ROUTES.scores) })
        }
      />
    </section>
  );
}
