import type { AppConfig } from '@revlane/contracts';
import { stubApi, type ApiRoutes } from './api-stub';
import { storeImpersonation } from './impersonation';
import { renderApp } from './render-app';

/**
 * The whole app at `path`, signed in as a support link signs in, over the stubbed API
 * (`routes` on top of the defaults); answers the stub, whose `requests` a test reads.
 */
export function openApp(path: string, routes: ApiRoutes = {}, config?: AppConfig) {
  storeImpersonation();
  const stub = stubApi(routes);
  renderApp(path, config);
  return stub;
}
