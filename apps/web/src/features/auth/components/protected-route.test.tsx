import { Auth0Context, initialContext, type Auth0ContextInterface } from '@auth0/auth0-react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Auth0SessionAdapter } from './auth0-session-adapter';
import { ProtectedRoute } from './protected-route';

function renderProtected(path: string, auth: Partial<Auth0ContextInterface>) {
  const loginWithRedirect = vi.fn(() => Promise.resolve());
  const router = createMemoryRouter(
    [{ path: '/app/*', element: <ProtectedRoute>Secret page</ProtectedRoute> }],
    { initialEntries: [path] },
  );
  render(
    <Auth0Context value={{ ...initialContext, loginWithRedirect, ...auth }}>
      <Auth0SessionAdapter>
        <RouterProvider router={router} />
      </Auth0SessionAdapter>
    </Auth0Context>,
  );
  return { loginWithRedirect };
}

describe('ProtectedRoute', () => {
  it('sends a signed-out user to sign in, remembering path and query string', () => {
    const { loginWithRedirect } = renderProtected('/app/segments/7?tab=cohorts&page=2', {
      isLoading: false,
      isAuthenticated: false,
    });
    expect(loginWithRedirect).toHaveBeenCalledTimes(1);
    expect(loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: '/app/segments/7?tab=cohorts&page=2' },
    });
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('shows a loader and waits while the session is loading', () => {
    const { loginWithRedirect } = renderProtected('/app/home', {
      isLoading: true,
      isAuthenticated: false,
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(loginWithRedirect).not.toHaveBeenCalled();
  });

  it('renders the page for a signed-in user', () => {
    const { loginWithRedirect } = renderProtected('/app/home', {
      isLoading: false,
      isAuthenticated: true,
    });
    expect(screen.getByText('Secret page')).toBeInTheDocument();
    expect(loginWithRedirect).not.toHaveBeenCalled();
  });

  it('does not loop into sign-in when the identity provider reported an error', () => {
    const { loginWithRedirect } = renderProtected('/app/home', {
      isLoading: false,
      isAuthenticated: false,
      error: new Error('access_denied'),
    });
    expect(loginWithRedirect).not.toHaveBeenCalled();
  });
});
