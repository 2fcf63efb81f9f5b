import { Button } from 'antd';
import { useState } from 'react';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { useUpdatePhoto } from '../api/update-photo';

/** Removing the photo asks first; the stored file stays with the content service. */
export function RemovePhotoButton() {
  const [isConfirming, setIsConfirming] = useState(false);
  const update = useUpdatePhoto();
  return (
    <>
      <Button onClick={() => setIsConfirming(true)}>Remove photo</Button>
      <ConfirmDialog
        open={isConfirming}
        title="Remove your photo?"
        confirmText="Remove"
        isDanger
        isLoading={update.isPending}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => update.mutate(null, { onSuccess: () => setIsConfirming(false) })}
      >
        Your initials will show instead, in the sidebar and wherever your team sees you.
      </ConfirmDialog>
    </>
  );
}
