import { z } from 'zod';

/** Access tokens are always requested for this audience (docs/product.md §6). */
export const API_AUDIENCE = 'organizer';
/** Header a support user sends to act as another user (docs/product.md §6). */
export const IMPERSONATE_HEADER = 'Impersonate-User';
/** Permission claim value that lets a token impersonate (docs/architecture.md §4.4). */
export const IMPERSONATE_PERMISSION = 'impersonate:users';
/** Leeway for exp / iat / nbf checks, in seconds (docs/product.md §5). */
export const TOKEN_LEEWAY_SECONDS = 60;
export const DEFAULT_SCOPE = 'openid profile email';

/** The decoded access token fields the product reads (docs/product.md §3). */
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

/** Browser local-storage keys of the session (docs/product.md §3), product-prefixed. */
export const SESSION_STORAGE_KEYS = {
  accessToken: 'revlane.accessToken',
  impersonateUser: 'revlane.impersonateUser',
} as const;

/** Query parameters that switch the SPA into impersonation mode (docs/product.md §6). */
export const IMPERSONATION_QUERY_PARAMS = {
  accessToken: 'accessToken',
  impersonateUser: 'impersonateUser',
} as const;
