import { use } from 'react';
import { SessionContext, type Session } from '../session-context';

/** The current session, whichever mode provides it (see `SessionProvider`). */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
