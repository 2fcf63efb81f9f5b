import { afterAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../engine/warehouse.js';
import { hasPostgres, newOrgId, postgresEngine } from './engines.js';

if (!hasPostgres)
  console.info('PostgreSQL warehouse write turns: skipped without TEST_DATABASE_URL');

/**
 * Two processes on one PostgreSQL warehouse (two engines, two pools): an organization's
 * writes take turns across them (ADR 0035), other organizations' do not wait.
 */
describe.skipIf(!hasPostgres)('PostgreSQL warehouse: write turns across processes', () => {
  const opened: (() => Promise<void>)[] = [];
  const open = (): Warehouse => {
    const { warehouse, cleanup } = postgresEngine.open();
    opened.push(cleanup);
    return warehouse;
  };
  afterAll(() => Promise.all(opened.map((cleanup) => cleanup())));

  const sleepFor = (seconds: number) => [{ sql: `SELECT pg_sleep(${seconds})`, params: [] }];

  it("one organization's writes wait for another process's, another organization's do not", async () => {
    const [one, two] = [open(), open()];
    const orgId = newOrgId();
    const order: string[] = [];
    const first = one.execute(orgId, sleepFor(0.6)).then(() => order.push('one'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await two.execute(newOrgId(), sleepFor(0));
    expect(Date.now() - started).toBeLessThan(400);
    await two.execute(orgId, sleepFor(0)).then(() => order.push('two'));
    await first;
    expect(order).toEqual(['one', 'two']);
  });

  it('a failed write ends its turn', async () => {
    const [one, two] = [open(), open()];
    const orgId = newOrgId();
    await expect(
      one.execute(orgId, [{ sql: 'SELECT no_such_column', params: [] }]),
    ).rejects.toThrow();
    await two.execute(orgId, sleepFor(0));
    await one.execute(orgId, sleepFor(0));
  });
});
