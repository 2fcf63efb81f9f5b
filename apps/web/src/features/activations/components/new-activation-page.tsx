import { APP_ROUTES } from '@revlane/contracts';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Activation } from '@revlane/contracts';
import { InlineAlert } from '@/common/ui/inline-alert';
import { PageHeader } from '@/common/ui/page-header';
import { ActivationEditor } from './activation-editor';

/** "New activation" (`/app/activations/new`): the editor; once created, the activation's page. */
export function NewActivationPage({ canEdit }: { canEdit: boolean }) {
  const navigate = useNavigate();
  const open = useCallback(
    (activation: Activation) => void navigate(APP_ROUTES.activation(activation.id)),
    [navigate],
  );
  return (
    <section>
      <PageHeader
        title="New activation"
        description={<Link to={APP_ROUTES.activations}>All activations</Link>}
      />
      {canEdit ? (
        <ActivationEditor onSaved={open} onCancel={() => void navigate(APP_ROUTES.activations)} />
      ) : (
        <InlineAlert type="info" title="Only admins create and change activations." />
      )}
    </section>
  );
}
