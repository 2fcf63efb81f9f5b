import { buildFilterCatalogue } from '@revlane/contracts';
import { connectionList } from '@/features/connections/testing/connection-fixtures';
import { jsonResponse, stubFetch, type RecordedRequest } from './fetch-stub';
import { dashboardSettings, demoSegments, onboardingSteps } from './fixtures';
import { impersonatedProfile } from './profile-fixture';
import { accountColumns, dataPage, segmentDetail } from './segment-fixtures';

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;
/** A handler, or the `data` of a 200 answer. */
export type ApiRoutes = Record<string, Handler | object | null>;

/** What a signed-in user's shell asks for, answered with plain fixtures. */
export const DEFAULT_API_ROUTES: ApiRoutes = {
  'GET /user/api/v1/users/me': impersonatedProfile,
  'GET /user/api/v1/users/me/onboarding-steps': onboardingSteps(),
  'GET /user/api/v1/users/me/dashboard': dashboardSettings,
  'GET /user/api/v1/users/me/notifications/slack/channels': [],
  'GET /live-ops/api/v1/segments/me': demoSegments,
  'GET /live-ops/api/v1/segments/seg-1': segmentDetail,
  'GET /live-ops/api/v1/segments/filters': buildFilterCatalogue(),
  'GET /live-ops/api/v1/segments/tables/accounts/columns': accountColumns,
  'GET /live-ops/api/v1/segments/seg-1/data': dataPage(),
  'GET /live-ops/api/v1/segments/seg-1/cohorts': [],
  'GET /live-ops/api/v1/cohorts/favorites': [],
  'GET /composer/api/v1/sources': [],
  'GET /composer/api/v1/mapping': {
    draft: null,
    draftUpdatedAt: null,
    published: null,
    latestRun: null,
  },
  'GET /composer/api/v1/connections': connectionList(),
  'GET /live-ops/api/v1/cohorts/trends': [],
  'GET /live-ops/api/v1/notifications': { items: [], total: 0, page: 1, perPage: 500 },
  'GET /live-ops/api/v1/notifications/inbox': { unread: 0, items: [], notices: [] },
  'GET /api/v1/plays': { items: [], total: 0, page: 1, perPage: 500 },
  'GET /live-ops/api/v1/segments/seg-1/notifications': {
    items: [],
    total: 0,
    page: 1,
    perPage: 500,
  },
};

/** A promise that never settles: keeps a request in flight for "loading" states. */
export const pending: Handler = () => new Promise<Response>(() => undefined);

/**
 * Stubs `fetch` by "METHOD /path" (query ignored). Unknown routes answer 404 with the
 * server's error envelope, so a test sees exactly what it did not expect.
 */
export function stubApi(routes: ApiRoutes = {}) {
  const table: ApiRoutes = { ...DEFAULT_API_ROUTES, ...routes };
  return stubFetch((request) => {
    const key = `${request.method} ${new URL(request.url, 'http://localhost:3000').pathname}`;
    const route = table[key];
    if (typeof route === 'function') return (route as Handler)(request);
    if (route !== undefined) return jsonResponse(200, { data: route });
    return jsonResponse(404, { error: 'not_found', message: `No route ${key}` });
  });
}

/** Requests as "METHOD /path", in the order they were sent. */
export function describeRequests(requests: RecordedRequest[]): string[] {
  return requests.map(
    (request) => `${request.method} ${new URL(request.url, 'http://localhost:3000').pathname}`,
  );
}

/** The requests sent as `method` to `path` (query ignored), in the order they were sent. */
export const requestsTo = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter(
    (request) =>
      request.method === method && new URL(request.url, 'http://localhost:3000').pathname === path,
  );
