import { PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLocalSettings } from '@/common/local-settings';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { PageHeader } from '@/common/ui/page-header';
import { usePlays } from '../api/get-plays';
import { NewPlayModal } from './new-play-modal';
import { PlaysTable } from './plays-table';

/**
 * The plays list (`/app/plays`): every play of the organization with its status switch and
 * last run; admins create plays ("New play" → its page), members read them.
 */
export function PlaysPage({ canEdit }: { canEdit: boolean }) {
  const plays = usePlays();
  const navigate = useNavigate();
  const [settings] = useLocalSettings();
  const [isFormOpen, setFormOpen] = useState(false);
  const newPlay = canEdit ? (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden="true" />}
      onClick={() => setFormOpen(true)}
    >
      New play
    </Button>
  ) : undefined;

  return (
    <section>
      <PageHeader
        title="Plays"
        description="Automations that act on records as they enter a cohort."
        actions={newPlay}
      />
      {plays.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : plays.isError ? (
        <LoadError title="The plays could not be loaded." onRetry={() => void plays.refetch()} />
      ) : plays.data.items.length === 0 ? (
        <EmptyState icon={<ThunderboltOutlined />} title="No plays yet">
          A play watches a cohort or runs on a schedule, then acts on each record that enters it: a
          Slack message, a CRM task, an Outreach sequence, a Google Sheet row or a webhook.
        </EmptyState>
      ) : (
        <PlaysTable
          plays={plays.data.items}
          isLoading={plays.isFetching}
          selectedPlayId={settings.selectedPlay}
          canEdit={canEdit}
        />
      )}
      {!canEdit && (
        <p className="mt-4 text-sm text-slate-500">Only admins create and change plays.</p>
      )}
      <NewPlayModal
        open={isFormOpen}
        onClose={() => setFormOpen(false)}
        onCreated={(play) => void navigate(APP_ROUTES.play(play.id))}
      />
    </section>
  );
}
