import { Outlet } from 'react-router';
import { SessionErrorGate, SessionProvider, useSession } from '@/features/auth';
import { ApiClientsProvider } from '@/common/api';
import { useAppConfig } from '@/common/config';

/** Hands the session's token and impersonation to the API clients of every service. */
function SessionApiClients() {
  const { services } = useAppConfig();
  const { getAccessToken, impersonatedUserId } = useSession();
  return (
    <ApiClientsProvider
      services={services}
      getAccessToken={getAccessToken}
      impersonatedUserId={impersonatedUserId}
    >
      <Outlet />
    </ApiClientsProvider>
  );
}

/**
 * Layout route of everything that knows about the session. It stays mounted across
 * navigations, so the identity SDK (and its in-memory tokens) lives as long as the page.
 */
export function SessionRoot() {
  return (
    <SessionProvider>
      <SessionErrorGate>
        <SessionApiClients />
      </SessionErrorGate>
    </SessionProvider>
  );
}
