import { render } from '@testing-library/react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/app-providers';
import { appSectionRoute, notFoundRoutes } from '@/app/routes';
import { SessionContext, type Session } from '@/features/auth/session-context';
import { ApiClientsProvider } from '@/common/api';
import { AntdForTests } from './antd-for-tests';
import { testConfig } from './test-config';

function TestSessionRoot({ session }: { session: Session }) {
  return (
    <SessionContext value={session}>
      <ApiClientsProvider
        services={testConfig.services}
        getAccessToken={session.getAccessToken}
        impersonatedUserId={session.impersonatedUserId}
      >
        <Outlet />
      </ApiClientsProvider>
    </SessionContext>
  );
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    isLoading: false,
    isAuthenticated: true,
    user: { sub: 'user-7', name: 'Grace Hopper', email: 'grace@acme.test' },
    error: undefined,
    impersonatedUserId: null,
    getAccessToken: () => Promise.resolve('test-token'),
    login: vi.fn(() => Promise.resolve()),
    logout: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

/**
 * Renders the real `/app` routes for a user signed in through the identity provider. Only
 * the session is stand-in (the SDK needs a real provider); requests go through the real
 * API clients to the stubbed `fetch`.
 */
export function renderSignedIn(path: string, overrides: Partial<Session> = {}) {
  window.history.replaceState(null, '', path);
  const session = makeSession(overrides);
  const router = createBrowserRouter([
    {
      Component: () => <TestSessionRoot session={session} />,
      children: [appSectionRoute, ...notFoundRoutes],
    },
  ]);
  const view = render(
    <AntdForTests>
      <AppProviders config={testConfig}>
        <RouterProvider router={router} />
      </AppProviders>
    </AntdForTests>,
  );
  return { ...view, router, session };
}
