import { inArray } from 'drizzle-orm';
import { notificationDeliveries } from '../../../../platform/database/schema/index.js';
import type { LiveOpsFixture } from '../../__tests__/live-ops-fixture.js';
import { snapshotThroughQueue } from '../../snapshots/__tests__/snapshot-fixture.js';
import { NOTIFICATION_DELIVERY_JOB } from '../notification-jobs.js';

/** Sets the plan of these accounts in the live segment table: who the "pro" cohort holds. */
export async function setPlan(f: LiveOpsFixture, ids: string[], plan: string) {
  const { engine } = f.t.app.warehouse;
  const table = engine.dialect.table(f.danaOrg, 'segment_accounts');
  const list = ids.map((id) => `'${id.replace(/'/g, "''")}'`).join(', ');
  await engine.execute(f.danaOrg, [
    { sql: `UPDATE ${table} SET plan = '${plan}' WHERE id IN (${list})`, params: [] },
  ]);
}

/** Accounts not on the pro plan: ones a test can move in. */
export async function nonProIds(f: LiveOpsFixture, count: number): Promise<string[]> {
  const { engine } = f.t.app.warehouse;
  const rows = await engine.query(f.danaOrg, {
    sql: `SELECT id FROM ${engine.dialect.table(f.danaOrg, 'segment_accounts')} WHERE plan <> 'pro' ORDER BY id LIMIT ${count}`,
    params: [],
  });
  return rows.map((row) => row.id as string);
}

/** A snapshot run through the queue (alerts evaluate in it), then every delivery job. */
export async function snapshotAndDeliver(f: LiveOpsFixture) {
  await snapshotThroughQueue(f, f.danaOrg);
  await f.t.app.jobs.drain(NOTIFICATION_DELIVERY_JOB);
}

export function deliveriesOf(f: LiveOpsFixture, firingIds: string[]) {
  return f.t.database.db
    .select()
    .from(notificationDeliveries)
    .where(inArray(notificationDeliveries.firingId, firingIds));
}
