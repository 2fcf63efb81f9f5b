import { z } from 'zod';

/** Access tokens are always requested for this audience (spec §6). */
export const API_AUDIENCE = 'organizer';
/** Header a support user sends to act as another user (spec §6). */
export const IMPERSONATE_HEADER = 'Impersonate-User';
/** Permission claim value that lets a token impersonate (DESIGN §4.4). */
export const IMPERSONATE_PERMISSION = 'impersonate:users';
/** Leeway for exp / iat / nbf checks, in seconds (spec §5). */
export const TOKEN_LEEWAY_SECONDS = 60;
export const DEFAULT_SCOPE = 'openid profile email';

/** The decoded access token fields the product reads (spec §3). */
export const decodedAccessTokenSchema = z.object({
  aud: z.union([z.string(), z.array(z.string())]),
  azp: z.string().optional(),
  exp: z.number(),
  iat: z.number(),
  iss: z.string(),
  scope: z.string().optional(),
  sub: z.string(),
});
export type DecodedAccessToken = z.infer<typeof decodedAccessTokenSchema>;

/** Browser local-storage keys of the session (spec §3), product-prefixed. */
export const SESSION_STORAGE_KEYS = {
  accessToken: 'revlane.accessToken',
  impersonateUser: 'revlane.impersonateUser',
} as const;

/** Query parameters that switch the SPA into impersonation mode (spec §6). */
export const IMPERSONATION_QUERY_PARAMS = {
  accessToken: 'accessToken',
  impersonateUser: 'impersonateUser',
} as const;
