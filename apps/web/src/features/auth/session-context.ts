import { createContext } from 'react';

/** The signed-in user as the identity token describes them (docs/product.md §3). */
export interface SessionUser {
  sub?: string;
  name?: string;
  email?: string;
  picture?: string;
  updated_at?: string;
}

/**
 * The auth state every screen sees, the same in normal and impersonation mode (docs/product.md §4, §6).
 */
export interface Session {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: SessionUser | undefined;
  error: Error | undefined;
  /** Set in impersonation mode: the user the support staff member acts as. */
  impersonatedUserId: string | null;
  /** A valid access token for the API (audience organizer). */
  getAccessToken: () => Promise<string>;
  /** Starts the sign-in redirect; `returnTo` is where the app continues afterwards. */
  login: (returnTo: string) => Promise<void>;
  logout: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);
