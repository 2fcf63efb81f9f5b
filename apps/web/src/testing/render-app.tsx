import { render } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/app-providers';
import { captureImpersonationParams } from '@/features/auth';
import { appRoutes } from '@/app/routes';
import { testConfig } from './test-config';

/**
 * Renders the real route tree at `path` the way the browser opens it (see main.tsx): the
 * address bar is set first, since the identity SDK and impersonation read `window.location`.
 */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  captureImpersonationParams();
  const router = createBrowserRouter(appRoutes);
  const view = render(
    <AppProviders config={testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
