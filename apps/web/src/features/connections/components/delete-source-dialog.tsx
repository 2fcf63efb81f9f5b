import type { Source } from '@revlane/contracts';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { DeleteRefusal } from '@/common/ui/delete-refusal';
import { useDeleteSource } from '../api/delete-source';

interface DeleteSourceDialogProps {
  source: Source;
  onClose: () => void;
}

/**
 * Asks before deleting (its landed tables are dropped); a refusal (409, as cohorts answer it,
 * ADR 0006) lists what still reads the source: `errors[].path` is `<kind>:<id>`.
 */
export function DeleteSourceDialog({ source, onClose }: DeleteSourceDialogProps) {
  const remove = useDeleteSource();
  const dependents = remove.error?.status === 409 ? remove.error.fieldErrors : [];
  return (
    <ConfirmDialog
      open
      title={`Delete ${source.name}?`}
      confirmText="Delete"
      isDanger
      isLoading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate(source.id, { onSuccess: onClose })}
    >
      <p>The source and the tables it loaded into your warehouse are deleted.</p>
      {remove.error && (
        <DeleteRefusal
          message={remove.error.message}
          dependents={dependents.map((dependent) => ({
            key: dependent.path,
            label: `${dependent.path.split(':')[0]} ${dependent.message}`,
          }))}
        />
      )}
    </ConfirmDialog>
  );
}
