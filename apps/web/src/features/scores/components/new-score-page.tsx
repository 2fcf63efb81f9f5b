import { APP_ROUTES, type Score } from '@revlane/contracts';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { InlineAlert } from '@/common/ui/inline-alert';
import { PageHeader } from '@/common/ui/page-header';
import type { FiltersFieldComponent } from '../lib/filters-field';
import { ScoreEditor } from './score-editor';

interface NewScorePageProps {
  canEdit: boolean;
  FiltersField: FiltersFieldComponent;
}

/** "New score" (`/app/scores/new`): the editor and its preview; once created, the score's page. */
export function NewScorePage({ canEdit, FiltersField }: NewScorePageProps) {
  const navigate = useNavigate();
  const open = useCallback((score: Score) => void navigate(APP_ROUTES.score(score.id)), [navigate]);
  return (
    <section>
      <PageHeader title="New score" description={<Link to={APP_ROUTES.scores}>All scores</Link>} />
      {canEdit ? (
        <ScoreEditor
          canEdit
          FiltersField={FiltersField}
          onSaved={open}
          onCancel={() => void navigate(APP_ROUTES.scores)}
        />
      ) : (
        <InlineAlert type="info" title="Only admins create and change scores." />
      )}
    </section>
  );
}
