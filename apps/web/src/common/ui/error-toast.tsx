import { ERROR_TEXTS } from '@revlane/contracts';
import toast from 'react-hot-toast';
import { toApiError } from '@/common/api/api-error';
import { isSessionEndedError, isTryLaterError } from '@/common/api/error-class';

/** The text a failed call shows in its toast, or null when no toast should appear. */
export function getErrorToastText(error: unknown): string | null {
  const apiError = toApiError(error);
  // The session ended; the sign-in flow takes over and a toast would only add noise.
  if (isSessionEndedError(apiError)) return null;
  // Server faults and an unreachable server carry nothing a user can act on (docs/product.md §8).
  if (isTryLaterError(apiError)) return ERROR_TEXTS.tryLater;
  return apiError.message;
}

/** Error toast titled 'Failed to complete the operation' (docs/product.md §8), top right. */
export function showErrorToast(error: unknown): void {
  const text = getErrorToastText(error);
  if (text === null) return;
  toast.error(
    <span className="block">
      <span className="block font-semibold">{ERROR_TEXTS.toastTitle}</span>
      <span className="block text-sm text-slate-600">{text}</span>
    </span>,
    // The same failure from several queries at once shows one toast.
    { id: `api-error:${text}` },
  );
}
