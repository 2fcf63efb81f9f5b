import {
  NOTIFICATIONS_API,
  notificationSchema,
  type CreateNotificationBody,
  type Notification,
} from '@revlane/contracts';
import type { TestUser } from '../../../../../test/app.js';
import { API, type LiveOpsFixture } from '../../__tests__/live-ops-fixture.js';
import { routesClient } from '../../__tests__/routes-client.js';

/** The alert routes as a test calls them: through HTTP, checked against the contract. */
export function notificationsClient(f: LiveOpsFixture) {
  const { call, create, read } = routesClient(f, API);
  return {
    call,
    read,
    post: (user: TestUser, payload: unknown) => call(user, 'POST', NOTIFICATIONS_API.list, payload),
    create: (user: TestUser, body: CreateNotificationBody): Promise<Notification> =>
      create(user, NOTIFICATIONS_API.list, body, notificationSchema),
  };
}

/** An in-app alert of type `new` on the cohort, the smallest valid body. */
export function newAlertBody(segmentId: string, cohortId: string, name = 'New pro accounts') {
  return {
    name,
    segmentId,
    cohortId,
    type: 'new' as const,
    channels: { inApp: true, slack: null, email: [] },
  };
}
