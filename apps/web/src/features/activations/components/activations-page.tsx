import { CloudSyncOutlined, PlusOutlined } from '@ant-design/icons';
import { APP_ROUTES } from '@revlane/contracts';
import { Skeleton } from 'antd';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { PageHeader } from '@/common/ui/page-header';
import { useActivations } from '../api/get-activations';
import { ActivationsTable } from './activations-table';

/**
 * The activations list (`/app/activations`): each activation with its destination, mode and
 * runs; admins create them ("New activation" → the editor's page), members read them.
 */
export function ActivationsPage({ canEdit }: { canEdit: boolean }) {
  const activations = useActivations();
  const navigate = useNavigate();
  // A member sees it disabled, and why (docs/product.md §6).
  const newActivation = (
    <AdminOnlyButton
      canEdit={canEdit}
      action="create activations"
      type="primary"
      icon={<PlusOutlined aria-hidden="true" />}
      onClick={() => void navigate(APP_ROUTES.newActivation)}
    >
      New activation
    </AdminOnlyButton>
  );

  return (
    <section>
      <PageHeader
        title="Activations"
        description="Keep fields of your CRM and tools equal to a cohort."
        actions={newActivation}
      />
      {activations.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : activations.isError ? (
        <LoadError
          title="The activations could not be loaded."
          onRetry={() => void activations.refetch()}
        />
      ) : activations.data.items.length === 0 ? (
        <EmptyState icon={<CloudSyncOutlined />} title="No activations yet" action={newActivation}>
          An activation keeps records at a destination (Salesforce, HubSpot, Intercom or a Google
          Sheet) equal to a cohort: it matches each member to its record there and writes the
          columns you map to its fields. Each run sends only what changed since the last one.
        </EmptyState>
      ) : (
        <ActivationsTable activations={activations.data.items} isLoading={activations.isFetching} />
      )}
      {!canEdit && (
        <p className="mt-4 text-sm text-slate-500">Only admins create and change activations.</p>
      )}
    </section>
  );
}
