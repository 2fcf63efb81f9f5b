import { expect } from 'vitest';
import {
  NOTIFICATIONS_API,
  notificationSchema,
  type CreateNotificationBody,
  type Notification,
} from '@revlane/contracts';
import type { TestUser } from '../../../../../test/app.js';
import { API, type LiveOpsFixture } from '../../__tests__/live-ops-fixture.js';

/** The alert routes as a test calls them: through HTTP, checked against the contract. */
export function notificationsClient(f: LiveOpsFixture) {
  const url = (path: string) => `${API}/${path}`;
  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ) =>
    f.inject(user, {
      method,
      url: url(path),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    post: (user: TestUser, payload: unknown) => call(user, 'POST', NOTIFICATIONS_API.list, payload),
    async create(user: TestUser, body: CreateNotificationBody): Promise<Notification> {
      const response = await call(user, 'POST', NOTIFICATIONS_API.list, body);
      expect(response.statusCode, response.body).toBe(201);
      return notificationSchema.parse(response.json<{ data: Notification }>().data);
    },
    async read<T>(user: TestUser, path: string): Promise<T> {
      const response = await call(user, 'GET', path);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: T }>().data;
    },
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
