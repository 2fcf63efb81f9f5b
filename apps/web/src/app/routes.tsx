import { APP_ROUTES } from '@revlane/contracts';
import { Navigate, type RouteObject } from 'react-router';
import { RootRedirect } from '@/features/auth';
import { FullPageLoader } from '@/shared/ui/loader';
import { lazyRoute } from './lazy-route';
import { RouteErrorScreen } from './route-error-screen';
import { SessionRoot } from './session-root';

const notFound = lazyRoute(() => import('@/routes/not-found-route'));

/** The route tree of spec §2; pages load lazily. */
export const appRoutes: RouteObject[] = [
  {
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteErrorScreen,
    children: [
      {
        // Signed-out screens need no session: the identity provider is mid-flow here.
        lazy: lazyRoute(() => import('@/routes/auth-layout-route')),
        children: [
          {
            path: APP_ROUTES.signIn(':uid'),
            lazy: lazyRoute(() => import('@/routes/sign-in-route')),
          },
        ],
      },
      {
        Component: SessionRoot,
        children: [
          { index: true, Component: RootRedirect },
          {
            path: APP_ROUTES.app,
            lazy: lazyRoute(() => import('@/routes/app-route')),
            children: [
              { index: true, element: <Navigate to="home" replace /> },
              { path: 'home', lazy: lazyRoute(() => import('@/routes/home-route')) },
              { path: '*', element: <Navigate to={APP_ROUTES.notFound} replace /> },
            ],
          },
          { path: APP_ROUTES.notFound, lazy: notFound },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
