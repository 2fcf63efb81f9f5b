export { Auth0SessionAdapter } from './components/auth0-session-adapter';
export { IdleTimeout } from './components/idle-timeout';
export { ImpersonationBanner } from './components/impersonation-banner';
export { ImpersonationSessionProvider } from './components/impersonation-session-provider';
export { ProtectedRoute } from './components/protected-route';
export { hasAuthCallbackParams, RootRedirect } from './components/root-redirect';
export { AuthErrorScreen, SessionErrorGate } from './components/session-error-gate';
export { SessionProvider } from './components/session-provider';
export { useSession } from './hooks/use-session';
export {
  captureImpersonationParams,
  clearImpersonation,
  readImpersonation,
  type ImpersonationCredentials,
} from './lib/impersonation-storage';
export { decodeJwtPayload, isTokenUnexpired } from './lib/jwt';
export type { Session, SessionUser } from './session-context';
