import {
  PASSWORD_RESET_PATHS,
  passwordResetResultSchema,
  type ForgotPasswordBody,
  type PasswordResetResult,
  type ResetPasswordBody,
} from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ApiError, useSingleFlightMutation } from '@/common/api';
import { postToIdentityProvider } from './post-to-identity-provider';

/** `POST /idp/forgot-password`: the answer is the same whether or not the address has an account. */
export function useForgotPassword() {
  return useSingleFlightMutation<PasswordResetResult, ApiError, ForgotPasswordBody>({
    mutationFn: (body) =>
      postToIdentityProvider(PASSWORD_RESET_PATHS.forgot, body, passwordResetResultSchema),
    meta: { hideErrorToast: true },
  });
}

/** `POST /idp/reset-password/check`: whether the link still works, before asking for a password. */
export function useResetLinkCheck(token: string) {
  return useQuery<PasswordResetResult, ApiError>({
    queryKey: ['reset-link-check', token],
    queryFn: () =>
      postToIdentityProvider(PASSWORD_RESET_PATHS.check, { token }, passwordResetResultSchema),
    enabled: token !== '',
    // A link's state only ever gets worse; the page asks once.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { hideErrorToast: true },
  });
}

/** `POST /idp/reset-password`: sets the new password; every session of the user ends. */
export function useResetPassword() {
  return useSingleFlightMutation<PasswordResetResult, ApiError, ResetPasswordBody>({
    mutationFn: (body) =>
      postToIdentityProvider(PASSWORD_RESET_PATHS.reset, body, passwordResetResultSchema),
    meta: { hideErrorToast: true },
  });
}
