import type { ComponentType } from 'react';

interface RouteModule {
  default: ComponentType;
}

/** Adapts a route module's default export to React Router's `lazy`, one chunk per page. */
export function lazyRoute(load: () => Promise<RouteModule>) {
  return async () => ({ Component: (await load()).default });
}
