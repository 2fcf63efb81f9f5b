import type { Source } from '@revlane/contracts';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { DeleteDependentsNotice } from '@/common/ui/delete-dependents-notice';
import { useDeleteSource } from '../api/delete-source';
import { useSourceDependents } from '../api/get-source-dependents';

interface DeleteSourceDialogProps {
  source: Source;
  onClose: () => void;
}

/**
 * Asks before deleting (its landed tables are dropped). What still reads the source (the
 * mapping, cohorts, alerts, plays) is asked for when the dialog opens and listed before the
 * user confirms, with Delete disabled until they are changed (ADR 0006). A refusal all the
 * same (409, as cohorts answer it: `errors[].path` is `<kind>:<id>`) is still shown: something
 * may have started to depend on it since the list was read.
 */
export function DeleteSourceDialog({ source, onClose }: DeleteSourceDialogProps) {
  const remove = useDeleteSource();
  const check = useSourceDependents(source.id);
  return (
    <ConfirmDialog
      open
      title={`Delete ${source.name}?`}
      confirmText="Delete"
      isDanger
      isLoading={remove.isPending}
      // A failed check leaves Delete to the server, which refuses with the list.
      isConfirmDisabled={check.isPending || (check.data ?? []).length > 0}
      onCancel={onClose}
      onConfirm={() => remove.mutate(source.id, { onSuccess: onClose })}
    >
      <p>The source and the tables it loaded into your warehouse are deleted.</p>
      <DeleteDependentsNotice subject="the source" check={check} failure={remove.error} />
    </ConfirmDialog>
  );
}
