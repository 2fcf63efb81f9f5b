import type { Cohort, CohortDependent } from '@revlane/contracts';
import { useDeleteCohort } from '../../api/delete-cohort';
import { readCohortDependents } from '../../lib/cohort-dependents';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { DeleteRefusal } from '@/common/ui/delete-refusal';

const DEPENDENT_LABELS: Record<CohortDependent['kind'], string> = {
  alert: 'Alert',
  play: 'Play',
  activation: 'Activation',
};

interface DeleteCohortDialogProps {
  cohort: Cohort;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting; a refusal (409) lists the alerts, plays and activations using it. */
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
        <DeleteRefusal
          message={remove.error.message}
          dependents={dependents.map((dependent) => ({
            key: `${dependent.kind}:${dependent.id}`,
            label: `${DEPENDENT_LABELS[dependent.kind]} ${dependent.name}`,
          }))}
        />
      )}
    </ConfirmDialog>
  );
}
