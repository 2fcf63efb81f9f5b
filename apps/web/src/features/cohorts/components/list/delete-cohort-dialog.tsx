import type { Cohort } from '@revlane/contracts';
import { useDeleteCohort } from '../../api/delete-cohort';
import { readCohortDependents } from '../../lib/cohort-dependents';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { InlineAlert } from '@/common/ui/inline-alert';

interface DeleteCohortDialogProps {
  cohort: Cohort;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting; a refusal (409) lists the alerts and plays that still use it. */
export function DeleteCohortDialog({ cohort, onClose, onDeleted }: DeleteCohortDialogProps) {
  const remove = useDeleteCohort(cohort.segmentId);
  const dependents = readCohortDependents(remove.error);
  return (
    <ConfirmDialog
      open
      title={`Delete ${cohort.name}?`}
      confirmText="Delete"
      isDanger
      isLoading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate(cohort.id, { onSuccess: onDeleted })}
    >
      <p>The cohort and its history are deleted. The segment&apos;s records stay as they are.</p>
      {remove.error && (
        <InlineAlert
          type="error"
          className="mt-4"
          title={remove.error.message}
          description={
            dependents.length > 0 && (
              <ul aria-label="Used by" className="list-disc pl-5">
                {dependents.map((dependent) => (
                  <li key={`${dependent.kind}:${dependent.id}`}>
                    {dependent.kind === 'alert' ? 'Alert' : 'Play'} {dependent.name}
                  </li>
                ))}
              </ul>
            )
          }
        />
      )}
    </ConfirmDialog>
  );
}
