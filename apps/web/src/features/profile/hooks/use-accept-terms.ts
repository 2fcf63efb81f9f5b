import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { acceptTerms } from '../api/accept-terms';
import { profileKeys } from '../api/profile-keys';
import { updateDisplayName } from '../api/update-display-name';

interface AcceptTermsInput {
  /** Set when the account has no real name yet (its display name is its email). */
  displayName?: string;
}

/**
 * docs/product.md §4, §7: save the name when one was asked for, then accept the terms (never retried),
 * then refetch the profile. The mutation stays pending until the refetch is done, so the
 * dialog keeps its loading state until it closes.
 */
export function useAcceptTerms() {
  const client = useApiClient('user');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<void, ApiError, AcceptTermsInput>({
    mutationFn: async ({ displayName }) => {
      if (displayName !== undefined) await updateDisplayName(client, displayName);
      await acceptTerms(client);
    },
    retry: false,
    // The dialog shows the failure in its own error area.
    meta: { hideErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
  });
}
