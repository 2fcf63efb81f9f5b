import type { ApiError } from '@/common/api';
import { InlineAlert } from '@/common/ui/inline-alert';

/** The server's answer to a failed save, above the form (field errors also sit by fields). */
export function SettingsError({ error }: { error: ApiError | null }) {
  if (!error) return null;
  const details = error.fieldErrors.filter((item) => item.message !== error.message);
  return (
    <InlineAlert
      type="error"
      className="mb-4"
      title={error.message}
      description={
        details.length > 0 ? (
          <ul className="list-disc pl-5">
            {details.map((item) => (
              <li key={`${item.path}:${item.message}`}>{item.message}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
