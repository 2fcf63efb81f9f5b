import type { Source } from '@revlane/contracts';
import { Modal } from 'antd';
import { LoadError } from '@/common/ui/load-error';
import { Loader } from '@/common/ui/loader';
import { useMapping } from '../../api/get-mapping';
import { useSources } from '../../api/get-sources';
import { initialMappingValues } from '../../lib/mapping-form';
import { MappingForm } from './mapping-form';

/** Wide enough for two columns of pickers with their sample values. */
const EDITOR_WIDTH = 960;

interface MappingEditorProps {
  /** The card it was opened from: a new mapping starts from this source. */
  source: Source;
  /** False for a member: the mapping is shown to be read, not changed. */
  canEdit: boolean;
  onClose: () => void;
}

/** "Map to accounts and contacts" (docs/product.md §1, ADR 0019): the organization's one mapping. */
export function MappingEditor({ source, canEdit, onClose }: MappingEditorProps) {
  const mapping = useMapping();
  const sources = useSources();
  const failed = mapping.error ?? sources.error;
  return (
    <Modal
      open
      title="Map to accounts and contacts"
      width={EDITOR_WIDTH}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {(mapping.isPending || sources.isPending) && !failed && (
        <Loader label="Loading the mapping" />
      )}
      {failed && (
        <LoadError
          title="The mapping could not be loaded"
          error={failed}
          onRetry={() => void mapping.refetch()}
        />
      )}
      {mapping.data && sources.data && (
        <MappingForm
          initialValues={initialMappingValues(mapping.data, source.id)}
          sources={sources.data}
          canEdit={canEdit}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
