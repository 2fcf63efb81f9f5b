import { render } from '@testing-library/react';
import type { AppConfig } from '@revlane/contracts';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/app-providers';
import { captureImpersonationParams } from '@/features/auth';
import { appRoutes } from '@/app/routes';
import { AntdForTests } from './antd-for-tests';
import { testConfig } from './test-config';

/**
 * Renders the real route tree at `path` the way the browser opens it (see main.tsx): the
 * address bar is set first, since the identity SDK and impersonation read `window.location`.
 * `config` replaces `/config.json` (e.g. a feature flag turned on).
 */
export function renderApp(path: string, config: AppConfig = testConfig) {
  window.history.replaceState(null, '', path);
  captureImpersonationParams();
  const router = createBrowserRouter(appRoutes);
  const view = render(
    <AntdForTests>
      <AppProviders config={config}>
        <RouterProvider router={router} />
      </AppProviders>
    </AntdForTests>,
  );
  return { ...view, router };
}
