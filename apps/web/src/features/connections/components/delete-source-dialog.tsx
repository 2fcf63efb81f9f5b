import type { Source } from '@revlane/contracts';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { InlineAlert } from '@/common/ui/inline-alert';
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
        <InlineAlert
          type="error"
          className="mt-4"
          title={remove.error.message}
          description={
            dependents.length > 0 && (
              <ul aria-label="Used by" className="list-disc pl-5">
                {dependents.map((dependent) => (
                  <li key={dependent.path}>
                    <span className="capitalize">{dependent.path.split(':')[0]}</span>{' '}
                    {dependent.message}
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
