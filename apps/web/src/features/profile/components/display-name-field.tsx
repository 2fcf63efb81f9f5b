import { displayNameSchema } from '@revlane/contracts';
import toast from 'react-hot-toast';
import { InlineEdit } from '@/common/ui/inline-edit';
import { useUpdateDisplayName } from '../api/update-display-name';

function validateDisplayName(value: string): string | null {
  const result = displayNameSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The display name, edited in place; saved with `PATCH users/me/profile`. */
export function DisplayNameField({ displayName }: { displayName: string }) {
  const update = useUpdateDisplayName();
  return (
    <InlineEdit
      label="Display name"
      value={displayName}
      validate={validateDisplayName}
      isSaving={update.isPending}
      onSave={(value) =>
        update.mutateAsync(value).then(() => {
          toast.success('Display name saved');
        })
      }
    />
  );
}
