import { PlusOutlined } from '@ant-design/icons';
import type { Source } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { PageHeader } from '@/common/ui/page-header';
import { sourcesKeys } from '../api/sources-keys';
import { CrmToolsSection } from './crm-tools-section';
import { DataSourcesSection } from './data-sources-section';
import { DeleteSourceDialog } from './delete-source-dialog';
import { EditSourceDialog } from './edit-source-dialog';
import { MappingEditor } from './mapping/mapping-editor';
import { AddSourceWizard } from './wizard/add-source-wizard';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; source: Source }
  | { kind: 'delete'; source: Source }
  | { kind: 'map'; source: Source }
  | null;

/**
 * `/app/connections` (docs/product.md §2): data sources, then the CRM and tools. Everyone
 * reads them; only admins (`canEdit`) change them, members see why each change is disabled.
 */
export function ConnectionsPage({ canEdit }: { canEdit: boolean }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const queryClient = useQueryClient();
  const close = () => setDialog(null);
  // A CSV upload creates its source on the transfer service, out of the list's sight.
  const closeWizard = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: sourcesKeys.list() });
  };
  const add = () => setDialog({ kind: 'add' });

  return (
    <>
      <PageHeader
        title="Connections"
        description="Connect your product data and CRM so segments know your customers."
        actions={
          <AdminOnlyButton
            canEdit={canEdit}
            action="add data sources"
            type="primary"
            icon={<PlusOutlined />}
            onClick={add}
          >
            Add data source
          </AdminOnlyButton>
        }
      />
      <DataSourcesSection
        canEdit={canEdit}
        onAdd={add}
        onEdit={(source) => setDialog({ kind: 'edit', source })}
        onDelete={(source) => setDialog({ kind: 'delete', source })}
        onMap={(source) => setDialog({ kind: 'map', source })}
      />
      <CrmToolsSection canEdit={canEdit} />
      {dialog?.kind === 'add' && <AddSourceWizard onClose={closeWizard} />}
      {dialog?.kind === 'edit' && <EditSourceDialog source={dialog.source} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteSourceDialog source={dialog.source} onClose={close} />}
      {dialog?.kind === 'map' && (
        <MappingEditor source={dialog.source} canEdit={canEdit} onClose={close} />
      )}
    </>
  );
}
