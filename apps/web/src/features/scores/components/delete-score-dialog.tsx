import type { Score } from '@revlane/contracts';
import type { ApiError } from '@/common/api';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { DeleteRefusal } from '@/common/ui/delete-refusal';

interface DeleteScoreDialogProps {
  score: Score;
  open: boolean;
  isLoading: boolean;
  /** The delete's failure: a 409 names each dependent as `<kind>:<id>` and its name (ADR 0006). */
  failure: ApiError | null;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

/** Asks before deleting a score; a refusal lists what still uses its columns. */
export function DeleteScoreDialog({
  score,
  open,
  isLoading,
  failure,
  onConfirm,
  onCancel,
}: DeleteScoreDialogProps) {
  const dependents = failure?.status === 409 ? failure.fieldErrors : [];
  return (
    <ConfirmDialog
      open={open}
      title={`Delete the score "${score.name}"?`}
      confirmText="Delete"
      isDanger
      isLoading={isLoading}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {`Its columns (${score.columns.score}, ${score.columns.grade}, ${score.columns.reasons}) leave the ${score.baseTable} table.`}
      {failure && (
        <DeleteRefusal
          message={failure.message}
          dependents={dependents.map((dependent) => ({
            key: dependent.path,
            label: `${dependent.path.split(':')[0]} ${dependent.message}`,
          }))}
        />
      )}
    </ConfirmDialog>
  );
}
