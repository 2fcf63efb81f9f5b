import type { AppConfig } from '@revlane/contracts';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { appRoutes } from './routes';

export function App({ config }: { config: AppConfig }) {
  // Created on mount, after impersonation values have left the address bar (main.tsx).
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <AppProviders config={config}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
