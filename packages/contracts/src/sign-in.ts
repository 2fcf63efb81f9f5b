import { z } from 'zod';

/**
 * The embedded identity provider's own sign-in step (docs/architecture.md §4.1). The provider redirects the
 * browser to the SPA's sign-in screen (`APP_ROUTES.signIn`), which posts the credentials here.
 */
export const IDP_PATHS = {
  interactionLogin: (interactionUid: string) => `/idp/interaction/${interactionUid}/login`,
} as const;

export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 1024;
export const PASSWORD_MIN = 8;

/**
 * The rule for any password a user chooses (the seeded accounts' `DEMO_PASSWORD`, a reset),
 * so every way of setting one agrees. Signing in checks only presence and the upper bound:
 * older passwords stay usable whatever the rule becomes.
 */
export const newPasswordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

/** Body of `POST /idp/interaction/{uid}/login`. */
export const interactionLoginBodySchema = z.strictObject({
  email: z.email().max(EMAIL_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type InteractionLoginBody = z.infer<typeof interactionLoginBodySchema>;

/** `data` of a 200 answer: where the browser continues the authorization flow. */
export const interactionLoginResultSchema = z.object({ redirectTo: z.string().min(1) });
export type InteractionLoginResult = z.infer<typeof interactionLoginResultSchema>;

/**
 * `error` codes of failed sign-ins: 401 for wrong credentials (one answer whether the email
 * is unknown or the password wrong, so nobody learns which addresses have an account), 410
 * when the interaction is gone (expired or already finished) and the flow has to start again.
 */
export const SIGN_IN_ERROR_CODES = {
  invalidCredentials: 'invalid_credentials',
  interactionExpired: 'interaction_expired',
} as const;
