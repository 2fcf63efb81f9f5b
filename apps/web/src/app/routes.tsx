import { APP_ROUTES } from '@revlane/contracts';
import { Navigate, type RouteObject } from 'react-router';
import { RootRedirect } from '@/features/auth';
import { FullPageLoader } from '@/common/ui/loader';
import { lazyRoute } from './lazy-route';
import { RouteErrorScreen } from './route-error-screen';
import { SessionRoot } from './session-root';

const notFound = lazyRoute(() => import('@/routes/not-found-route'));
const segmentPage = lazyRoute(() => import('@/routes/segment-route'));
const settingsTab = lazyRoute(() => import('@/routes/segment-settings-tab-route'));

/** The pages under `/app` (docs/product.md §2), each its own lazily loaded module. */
const appChildRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  {
    path: 'home',
    lazy: lazyRoute(() => import('@/routes/home-route')),
    children: [
      { path: 'meet-an-expert', lazy: lazyRoute(() => import('@/routes/meet-an-expert-route')) },
      { path: 'connect-my-crm', lazy: lazyRoute(() => import('@/routes/connect-my-crm-route')) },
      { path: 'connect-my-data', lazy: lazyRoute(() => import('@/routes/connect-my-data-route')) },
      {
        path: 'complete-profile',
        lazy: lazyRoute(() => import('@/routes/complete-profile-route')),
      },
    ],
  },
  {
    path: 'segments/:segmentId',
    children: [
      { index: true, lazy: segmentPage },
      {
        path: 'settings',
        lazy: lazyRoute(() => import('@/routes/segment-settings-route')),
        children: [
          { index: true, element: <Navigate to="general" replace /> },
          ...['general', 'columns', 'grouping', 'sorting', 'notifications'].map((path) => ({
            path,
            lazy: settingsTab,
          })),
        ],
      },
      { path: ':cohortId', lazy: segmentPage },
    ],
  },
  { path: 'connections', lazy: lazyRoute(() => import('@/routes/connections-route')) },
  { path: 'plays', lazy: lazyRoute(() => import('@/routes/plays-route')) },
  { path: 'plays/:playId', lazy: lazyRoute(() => import('@/routes/play-route')) },
  { path: 'activations', lazy: lazyRoute(() => import('@/routes/activations-route')) },
  // A static segment outranks `:activationId`, so "new" is never read as an id.
  { path: 'activations/new', lazy: lazyRoute(() => import('@/routes/new-activation-route')) },
  {
    path: 'activations/:activationId',
    lazy: lazyRoute(() => import('@/routes/activation-route')),
  },
  { path: 'scores', lazy: lazyRoute(() => import('@/routes/scores-route')) },
  // As with activations: a static segment outranks `:scoreId`.
  { path: 'scores/new', lazy: lazyRoute(() => import('@/routes/new-score-route')) },
  { path: 'scores/:scoreId', lazy: lazyRoute(() => import('@/routes/score-route')) },
  { path: 'notifications', lazy: lazyRoute(() => import('@/routes/notifications-route')) },
  {
    path: 'notifications/:notificationId',
    lazy: lazyRoute(() => import('@/routes/notification-route')),
  },
  { path: 'accounts/:accountId', lazy: lazyRoute(() => import('@/routes/account-route')) },
  { path: 'users/:userId', lazy: lazyRoute(() => import('@/routes/user-route')) },
  { path: 'profile', lazy: lazyRoute(() => import('@/routes/profile-route')) },
  { path: '*', element: <Navigate to={APP_ROUTES.notFound} replace /> },
];

/** `/app`: the signed-in shell and its pages. */
export const appSectionRoute: RouteObject = {
  path: APP_ROUTES.app,
  lazy: lazyRoute(() => import('@/routes/app-route')),
  children: appChildRoutes,
};

/** Outside the app shell, 404 and any other path show the not-found page. */
export const notFoundRoutes: RouteObject[] = [
  { path: APP_ROUTES.notFound, lazy: notFound },
  { path: '*', lazy: notFound },
];

/** The route tree of docs/product.md §2; pages load lazily. */
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
          {
            path: APP_ROUTES.forgotPassword,
            lazy: lazyRoute(() => import('@/routes/forgot-password-route')),
          },
          {
            path: APP_ROUTES.resetPassword,
            lazy: lazyRoute(() => import('@/routes/reset-password-route')),
          },
        ],
      },
      {
        Component: SessionRoot,
        children: [{ index: true, Component: RootRedirect }, appSectionRoute, ...notFoundRoutes],
      },
    ],
  },
];
