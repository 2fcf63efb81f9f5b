import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/log-capture.js';
import { testConfig } from '../../test/app.js';
import { configPlugin } from '../platform/config-plugin.js';
import { ensureDemoWarehouseData } from './demo-warehouse-data.js';
import { warehousePlugin } from '../warehouse/warehouse-plugin.js';

describe('demo warehouse data on start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-demo-wh-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const size = { accounts: 10, users: 40, events: 200 };

  async function openApp() {
    const pgUrl = process.env.TEST_DATABASE_URL;
    const config = testConfig({
      REVLANE_DATA_DIR: dataDir,
      ...(pgUrl && { WAREHOUSE_URL: pgUrl }),
    });
    const app = Fastify({ logger: false });
    await app.register(configPlugin, { config });
    await app.register(warehousePlugin);
    await app.ready();
    return app;
  }

  it('loads once, skips on a later start, and waits for a background load before closing', async () => {
    const orgId = randomUUID();
    const logs = captureLogs();
    const { default: pino } = await import('pino');
    const log = pino({ level: 'info' }, logs.stream);
    const first = await openApp();
    const reader = first.warehouse.reader;
    expect(await reader.status(orgId)).toEqual({ state: 'preparing' });
    let result: string | undefined;
    first.warehouse.runInBackground(async () => {
      result = await ensureDemoWarehouseData(first.warehouse, orgId, log, size);
    });
    await first.close();
    expect(result).toBe('loaded');
    expect(logs.text()).toMatch(/demo warehouse data ready in \d+\.\d s/);

    const second = await openApp();
    expect((await second.warehouse.reader.status(orgId)).state).toBe('ready');
    expect(await ensureDemoWarehouseData(second.warehouse, orgId, log, size)).toBe('skipped');
    await second.warehouse.engine.dropOrganization(orgId);
    await second.close();
  });
});
