import { COHORTS_API, type Cohort, type CreateCohortBody } from '@revlane/contracts';
import { expect } from 'vitest';
import { cohorts } from '../../../../platform/database/schema/index.js';
import type { Warehouse } from '../../../../warehouse/index.js';
import { API, useLiveOpsFixture, type LiveOpsFixture } from '../../__tests__/live-ops-fixture.js';
import { cohortsClient } from '../../__tests__/cohorts-test-client.js';
import { COHORT_SNAPSHOTS_JOB } from '../snapshot-jobs.js';
import { requestCohortSnapshots } from '../index.js';

/** Idle workers look for jobs twice a second (the least pg-boss allows), so tests wait less. */
export const FAST_POLLING = { env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' } };

/** `useLiveOpsFixture` with job workers that poll fast (snapshots go through the queue). */
export const usePollingFixture = () => useLiveOpsFixture(FAST_POLLING);

/** A cohort whose members a plain query can list: accounts on the pro plan. */
export const PRO_FILTERS = [{ field: 'plan', operator: 'includes' as const, value: ['pro'] }];

/** A cohort of Dana's "All accounts" segment, created through the API. */
export function createAccountsCohort(
  f: LiveOpsFixture,
  name: string,
  filters: CreateCohortBody['filters'] = PRO_FILTERS,
): Promise<Cohort> {
  return cohortsClient(f).create(f.dana, f.segmentId('All accounts'), { name, filters });
}

/**
 * A cohort inserted straight into metadata, as the demo seed does: no snapshot is requested,
 * so the back-fill finds it without any snapshot.
 */
export async function insertAccountsCohort(
  f: LiveOpsFixture,
  name: string,
  filters: CreateCohortBody['filters'] = PRO_FILTERS,
): Promise<string> {
  const [row] = await f.t.database.db
    .insert(cohorts)
    .values({ orgId: f.danaOrg, segmentId: f.segmentId('All accounts'), name, filters })
    .returning({ id: cohorts.id });
  return row!.id;
}

/** The pro accounts computed directly from the live segment table. */
export async function directProIds(warehouse: Warehouse, orgId: string): Promise<string[]> {
  const rows = await warehouse.query(orgId, {
    sql: `SELECT id FROM ${warehouse.dialect.table(orgId, 'segment_accounts')} WHERE plan = 'pro'`,
    params: [],
  });
  return rows.map((row) => row.id as string).sort();
}

/** Queues the organization's snapshots through the real queue and waits for the run. */
export async function snapshotThroughQueue(f: LiveOpsFixture, orgId: string) {
  await requestCohortSnapshots(f.t.app, orgId);
  await f.t.app.jobs.drain(COHORT_SNAPSHOTS_JOB);
}

export async function getCohort(f: LiveOpsFixture, id: string): Promise<Cohort> {
  const response = await f.inject(f.dana, {
    method: 'GET',
    url: `${API}/${COHORTS_API.cohort(id)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Cohort }>().data;
}
