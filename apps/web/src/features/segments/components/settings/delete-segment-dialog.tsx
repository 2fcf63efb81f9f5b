import type { SegmentDetail } from '@revlane/contracts';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { DeleteDependentsNotice } from '@/common/ui/delete-dependents-notice';
import { useDeleteSegment } from '../../api/delete-segment';
import { useSegmentDependents } from '../../api/get-segment-dependents';

interface DeleteSegmentDialogProps {
  segment: SegmentDetail;
  onClose: () => void;
}

/**
 * Asks before deleting a segment. Its cohorts, and the alerts and plays on them, are read when
 * the dialog opens and listed first, with Delete disabled while there are any (ADR 0006); a
 * 409 all the same is still shown. Deleted, the app goes home.
 */
export function DeleteSegmentDialog({ segment, onClose }: DeleteSegmentDialogProps) {
  const remove = useDeleteSegment();
  const check = useSegmentDependents(segment.id);
  return (
    <ConfirmDialog
      open
      title={`Delete ${segment.name}?`}
      confirmText="Delete"
      isDanger
      isLoading={remove.isPending}
      // A failed check leaves Delete to the server, which refuses with the list.
      isConfirmDisabled={check.isPending || (check.data ?? []).length > 0}
      onCancel={onClose}
      onConfirm={() => remove.mutate(segment.id)}
    >
      <p>
        The segment, its settings and its history are deleted. The records it shows stay in your
        warehouse.
      </p>
      <DeleteDependentsNotice subject="the segment" check={check} failure={remove.error} />
    </ConfirmDialog>
  );
}
