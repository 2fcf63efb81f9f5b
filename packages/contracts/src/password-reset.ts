import { z } from 'zod';
import { EMAIL_MAX, newPasswordSchema } from './sign-in.js';

/**
 * Forgot / reset password of the embedded identity provider (docs/architecture.md §4.1). The
 * SPA's pages ask; the provider's routes answer. The link in the email carries the token in
 * its fragment, so it never reaches a server log or a Referer header.
 */
export const PASSWORD_RESET_PATHS = {
  /** Asks for a link by email; always the same answer. */
  forgot: '/idp/forgot-password',
  /** Says whether a link still works, before the user types a new password. */
  check: '/idp/reset-password/check',
  /** Sets the new password with a link's token. */
  reset: '/idp/reset-password',
} as const;

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

/** The one answer to a request, whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that address, we sent a link';

export const RESET_TOKEN_MAX = 256;

export const forgotPasswordBodySchema = z.strictObject({
  email: z
    .email({
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? 'Email is required.'
          : 'Enter a valid email address.',
    })
    .max(EMAIL_MAX, 'Enter a valid email address.'),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

const resetTokenSchema = z
  .string({ error: 'The link has no token.' })
  .min(1, 'The link has no token.')
  .max(RESET_TOKEN_MAX, 'The link is not valid.');

export const resetLinkCheckBodySchema = z.strictObject({
  token: resetTokenSchema,
});
export type ResetLinkCheckBody = z.infer<typeof resetLinkCheckBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  token: resetTokenSchema,
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** `data` of every success answer: a message to show as it is. */
export const passwordResetResultSchema = z.object({ message: z.string() });
export type PasswordResetResult = z.infer<typeof passwordResetResultSchema>;

/** `error` codes of a link that no longer works; each comes with a message to show. */
export const RESET_LINK_ERROR_CODES = {
  used: 'reset_link_used',
  expired: 'reset_link_expired',
  invalid: 'reset_link_invalid',
} as const;

export const RESET_LINK_MESSAGES = {
  used: 'This link has already been used. Request a new one.',
  expired: 'This link has expired. Request a new one.',
  invalid: 'This link is not valid. Request a new one.',
} as const;
