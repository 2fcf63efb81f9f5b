import type { Source } from '@revlane/contracts';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { DeleteRefusal } from '@/common/ui/delete-refusal';
import { InlineAlert } from '@/common/ui/inline-alert';
import { useDeleteSource } from '../api/delete-source';
import { useSourceDependents } from '../api/get-source-dependents';
import { DependentList, DependentsLoading } from './dependents-check';

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
  const used = check.data ?? [];
  const refused = remove.error?.status === 409 ? remove.error.fieldErrors : [];
  return (
    <ConfirmDialog
      open
      title={`Delete ${source.name}?`}
      confirmText="Delete"
      isDanger
      isLoading={remove.isPending}
      // A failed check leaves Delete to the server, which refuses with the list.
      isConfirmDisabled={check.isPending || used.length > 0}
      onCancel={onClose}
      onConfirm={() => remove.mutate(source.id, { onSuccess: onClose })}
    >
      <p>The source and the tables it loaded into your warehouse are deleted.</p>
      {check.isPending && <DependentsLoading label="Checking what uses the source…" />}
      {check.isError && (
        <InlineAlert
          type="warning"
          className="mt-4"
          title="What uses the source could not be checked."
          description={check.error.message}
        />
      )}
      {used.length > 0 && (
        <InlineAlert
          type="error"
          className="mt-4"
          title="Used by"
          description={
            <>
              <DependentList label="Used by" dependents={used} />
              <p className="mt-2">Change or delete them first.</p>
            </>
          }
        />
      )}
      {remove.error && (
        <DeleteRefusal
          message={remove.error.message}
          dependents={refused.map((dependent) => ({
            key: dependent.path,
            label: `${dependent.path.split(':')[0]} ${dependent.message}`,
          }))}
        />
      )}
    </ConfirmDialog>
  );
}
