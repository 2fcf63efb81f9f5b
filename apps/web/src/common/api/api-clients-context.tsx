import type { ServiceUrls } from '@revlane/contracts';
import { createContext, use, useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiAuth, type ApiClient } from './api-client';

/**
 * The backend services, plus `app`: the app's own root, the origin that serves the SPA and its
 * `/config.json`, for the paths outside every service (`/sandbox/<provider>/received`, ADR
 * 0021). Its answers have no `data` envelope: read them through `http`.
 */
export type ServiceName = keyof ServiceUrls | 'app';
export type ApiClients = Record<ServiceName, ApiClient>;

const ApiClientsContext = createContext<ApiClients | null>(null);

export function createApiClients(
  services: ServiceUrls,
  auth: ApiAuth,
  appRoot = window.location.origin,
): ApiClients {
  const entries = Object.entries({ ...services, app: appRoot }).map(([name, baseURL]) => [
    name,
    createApiClient(baseURL, auth),
  ]);
  return Object.fromEntries(entries) as ApiClients;
}

interface ApiClientsProviderProps extends ApiAuth {
  services: ServiceUrls;
  children: ReactNode;
}

/** One client per backend service (docs/product.md §1), rebuilt only when the session changes. */
export function ApiClientsProvider({
  services,
  getAccessToken,
  impersonatedUserId,
  children,
}: ApiClientsProviderProps) {
  const clients = useMemo(
    () => createApiClients(services, { getAccessToken, impersonatedUserId }),
    [services, getAccessToken, impersonatedUserId],
  );
  return <ApiClientsContext value={clients}>{children}</ApiClientsContext>;
}

export function useApiClient(service: ServiceName): ApiClient {
  const clients = use(ApiClientsContext);
  if (!clients) throw new Error('useApiClient must be used inside <ApiClientsProvider>');
  return clients[service];
}
