import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { APP_ROUTES, type Play } from '@revlane/contracts';
import { Button, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toApiError } from '@/common/api';
import { useLocalSettings } from '@/common/local-settings';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { EmptyState } from '@/common/ui/empty-state';
import { InlineAlert } from '@/common/ui/inline-alert';
import { LoadError } from '@/common/ui/load-error';
import { MutationButton } from '@/common/ui/mutation-button';
import { PageHeader } from '@/common/ui/page-header';
import { usePlay } from '../api/get-play';
import { useDeletePlay, useUpdatePlay } from '../api/save-play';
import { STATUS_COLORS, STATUS_LABELS } from '../lib/describe-play';
import { PlayDefinitionForm } from './play-definition-form';
import { PlayRuns } from './play-runs';
import { SendWarningsAlert } from '@/common/ui/send-warnings';

interface PlayDetailsPageProps {
  playId: string;
  /** Admins (and owners) change plays; members read them (docs/product.md §6). */
  canEdit: boolean;
}

/**
 * One play (`/app/plays/{playId}`): trigger and actions (editable by admins), preview, runs
 * with their outcomes, pause/resume and delete. Opening it makes it the "selected play".
 */
export function PlayDetailsPage({ playId, canEdit }: PlayDetailsPageProps) {
  const play = usePlay(playId);
  useRememberSelectedPlay(play.data?.id);

  if (play.isPending || play.isError) {
    const isMissing = play.isError && toApiError(play.error).status === 404;
    return (
      <section>
        <PageHeader
          title="Play details"
          description={<Link to={APP_ROUTES.plays}>All plays</Link>}
        />
        {play.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : isMissing ? (
          <EmptyState title="Play not found">It may have been deleted.</EmptyState>
        ) : (
          <LoadError title="This play could not be loaded." onRetry={() => void play.refetch()} />
        )}
      </section>
    );
  }
  return <PlayDetails play={play.data} canEdit={canEdit} />;
}

function PlayDetails({ play, canEdit }: { play: Play; canEdit: boolean }) {
  const navigate = useNavigate();
  const [isDeleting, setDeleting] = useState(false);
  const remove = useDeletePlay();
  const status = useUpdatePlay(play.id);
  const isActive = play.status === 'active';
  return (
    <section>
      <PageHeader
        title={play.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link to={APP_ROUTES.plays}>All plays</Link>
            <Tag color={STATUS_COLORS[play.status]}>{STATUS_LABELS[play.status]}</Tag>
            <span>{`Cohort: ${play.cohortName}`}</span>
          </span>
        }
        actions={
          canEdit && (
            <>
              <MutationButton
                icon={
                  isActive ? (
                    <PauseCircleOutlined aria-hidden="true" />
                  ) : (
                    <PlayCircleOutlined aria-hidden="true" />
                  )
                }
                onClick={() => status.mutate({ status: isActive ? 'paused' : 'active' })}
              >
                {isActive ? 'Pause' : play.status === 'draft' ? 'Activate' : 'Resume'}
              </MutationButton>
              <Button danger onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </>
          )
        }
      />
      <SendWarningsAlert warnings={play.warnings} manyTitle="Some actions cannot send now" />
      {!canEdit && (
        <InlineAlert
          type="info"
          className="mb-6"
          title="Only admins can change plays; you can read this one."
        />
      )}
      <div className="flex flex-col gap-6">
        <PlayDefinitionForm key={play.id} play={play} canEdit={canEdit} />
        <PlayRuns playId={play.id} canEdit={canEdit} />
      </div>
      <ConfirmDialog
        open={isDeleting}
        title={`Delete the play "${play.name}"?`}
        confirmText="Delete"
        isDanger
        isLoading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(play.id, { onSuccess: () => void navigate(APP_ROUTES.plays) })
        }
      >
        It stops acting on records. Its runs stay in the audit log.
      </ConfirmDialog>
    </section>
  );
}

/** The local setting "selected play" (docs/product.md §3): the last play opened. */
function useRememberSelectedPlay(playId: string | undefined) {
  const [settings, update] = useLocalSettings();
  useEffect(() => {
    if (playId && settings.selectedPlay !== playId)
      update((current) => ({ ...current, selectedPlay: playId }));
  }, [playId, settings.selectedPlay, update]);
}
