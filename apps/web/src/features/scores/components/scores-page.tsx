import { PlusOutlined, TrophyOutlined } from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { PageHeader } from '@/common/ui/page-header';
import { useScores } from '../api/get-scores';
import { ScoresTable } from './scores-table';

/**
 * The scores list (`/app/scores`): each score with its base table, rules and grades; admins
 * create them ("New score" → the editor's page), members read them.
 */
export function ScoresPage({ canEdit }: { canEdit: boolean }) {
  const scores = useScores();
  const navigate = useNavigate();
  // A member sees it disabled, and why (docs/product.md §6).
  const newScore = (
    <AdminOnlyButton
      canEdit={canEdit}
      action="create scores"
      type="primary"
      icon={<PlusOutlined aria-hidden="true" />}
      onClick={() => void navigate(APP_ROUTES.newScore)}
    >
      New score
    </AdminOnlyButton>
  );

  return (
    <section>
      <PageHeader
        title="Scores"
        description="Fit and behaviour points for each account or user, with their reasons."
        actions={newScore}
      />
      {scores.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : scores.isError ? (
        <LoadError title="The scores could not be loaded." onRetry={() => void scores.refetch()} />
      ) : scores.data.length === 0 ? (
        <EmptyState icon={<TrophyOutlined />} title="No scores yet" action={newScore}>
          A score gives each account or user points for who they are (fit rules: filters) and what
          they do (behaviour rules: events, fading over time), from 0 to 100 with a grade and the
          reasons. Back-test it against who really converted, then filter, sort and activate by it
          like any column.
        </EmptyState>
      ) : (
        <ScoresTable scores={scores.data} isLoading={scores.isFetching} />
      )}
      {!canEdit && (
        <p className="mt-4 text-sm text-slate-500">Only admins create and change scores.</p>
      )}
    </section>
  );
}
