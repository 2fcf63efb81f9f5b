import { expect } from 'vitest';
import {
  COHORTS_API,
  cohortSchema,
  type Cohort,
  type CohortVersion,
  type CreateCohortBody,
} from '@revlane/contracts';
import type { TestUser } from '../../../../test/app.js';
import { API, type LiveOpsFixture } from './live-ops-fixture.js';

/** The cohort routes as a test calls them: through HTTP, checked against the contract. */
export function cohortsClient(f: LiveOpsFixture) {
  const segmentCohorts = (segmentId: string) => `${API}/${COHORTS_API.segmentCohorts(segmentId)}`;
  const segmentCohort = (segmentId: string, id: string) =>
    `${API}/${COHORTS_API.segmentCohort(segmentId, id)}`;
  return {
    segmentCohorts,
    segmentCohort,
    post: (user: TestUser, segmentId: string, payload: unknown) =>
      f.inject(user, {
        method: 'POST',
        url: segmentCohorts(segmentId),
        payload: payload as object,
      }),
    patch: (user: TestUser, segmentId: string, id: string, payload: unknown) =>
      f.inject(user, {
        method: 'PATCH',
        url: segmentCohort(segmentId, id),
        payload: payload as object,
      }),
    remove: (user: TestUser, segmentId: string, id: string) =>
      f.inject(user, { method: 'DELETE', url: segmentCohort(segmentId, id) }),
    async create(user: TestUser, segmentId: string, body: CreateCohortBody): Promise<Cohort> {
      const response = await f.inject(user, {
        method: 'POST',
        url: segmentCohorts(segmentId),
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return cohortSchema.parse(response.json<{ data: Cohort }>().data);
    },
    async list(user: TestUser, segmentId: string): Promise<Cohort[]> {
      const response = await f.inject(user, { method: 'GET', url: segmentCohorts(segmentId) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: Cohort[] }>().data;
    },
    async versions(user: TestUser, id: string): Promise<CohortVersion[]> {
      const response = await f.inject(user, {
        method: 'GET',
        url: `${API}/${COHORTS_API.versions(id)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: CohortVersion[] }>().data;
    },
  };
}
