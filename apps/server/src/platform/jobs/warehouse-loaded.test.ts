import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import { recordRuns, startTestJobQueue } from '../../../test/jobs.js';
import type { DatabaseHandle } from '../database/database.js';
import type { PgBossJobQueue } from './pg-boss-job-queue.js';
import {
  WAREHOUSE_LOADED_EVENT,
  publishWarehouseLoaded,
  type WarehouseLoaded,
} from './warehouse-loaded.js';

describe('"warehouse loaded" events pending for a subscriber (docs/architecture.md §3.2)', () => {
  let database: DatabaseHandle;
  let queue: PgBossJobQueue;
  let errors: unknown[];

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ queue, errors } = await startTestJobQueue(database));
  });

  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  it('collapses only events that say the same thing: a sync never waits behind a publish', async () => {
    const subscriber = 'after-load-under-test';
    await queue.subscribe(WAREHOUSE_LOADED_EVENT, subscriber);
    const event = (reason: WarehouseLoaded['reason'], second: number, sourceId?: string) => ({
      orgId: 'org-1',
      loadedAt: new Date(Date.UTC(2026, 10, 24, 12, 0, second)).toISOString(),
      reason,
      ...(sourceId ? { sourceId } : {}),
    });
    // Nobody works the subscriber's queue yet: every event below is still pending when the
    // next one arrives, as when a mapping publish's event waits for its turn.
    await publishWarehouseLoaded(queue, event('publish', 1));
    await publishWarehouseLoaded(queue, event('sync', 2, 'source-a'));
    await publishWarehouseLoaded(queue, event('sync', 3, 'source-a'));
    await publishWarehouseLoaded(queue, event('sync', 4, 'source-b'));
    await publishWarehouseLoaded(queue, { ...event('sync', 5, 'source-a'), orgId: 'org-2' });

    const { runs, handler } = recordRuns();
    await queue.work(subscriber, handler);
    await queue.drain(subscriber);

    const seen = runs.map(({ data }) => data as WarehouseLoaded);
    expect(
      seen.map(({ orgId, reason, sourceId }) => [orgId, reason, sourceId ?? null]).sort(),
    ).toEqual([
      ['org-1', 'publish', null],
      ['org-1', 'sync', 'source-a'],
      ['org-1', 'sync', 'source-b'],
      ['org-2', 'sync', 'source-a'],
    ]);
    // The first of two same events is the one kept: a subscriber reads the data as it is now.
    expect(seen.find((e) => e.orgId === 'org-1' && e.sourceId === 'source-a')?.loadedAt).toBe(
      event('sync', 2).loadedAt,
    );
    expect(errors).toEqual([]);
  });
});
