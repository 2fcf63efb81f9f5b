import { ERROR_TEXTS } from '@revlane/contracts';
import toast from 'react-hot-toast';
import { toApiError } from '@/shared/api/api-error';

/** The text a failed call shows in its toast, or null when no toast should appear. */
export function getErrorToastText(error: unknown): string | null {
  const apiError = toApiError(error);
  // 401 means the session ended; the sign-in flow takes over, a toast would only add noise.
  if (apiError.status === 401) return null;
  // Server faults carry nothing a user can act on (spec §8's generic advice instead).
  if (apiError.status !== undefined && apiError.status >= 500) return ERROR_TEXTS.tryLater;
  return apiError.message;
}

/** Error toast titled 'Failed to complete the operation' (spec §8), top right. */
export function showErrorToast(error: unknown): void {
  const text = getErrorToastText(error);
  if (text === null) return;
  toast.error(
    <span className="block">
      <span className="block font-semibold">{ERROR_TEXTS.toastTitle}</span>
      <span className="block text-sm text-slate-600">{text}</span>
    </span>,
    { id: `api-error:${text}` },
  );
}
