import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableSchema } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import { TEST_ENGINES, newOrgId } from './engines.js';

const ROWS = 200_000;
const LINES: TableSchema = { name: 'lines', columns: [{ name: 'n', type: 'integer' }] };

// A temp directory of this file's own (tmpdir() reads TMPDIR), so what an export leaves
// behind there is ours alone to see, whatever else runs on the machine.
const ownTmp = mkdtempSync(path.join(tmpdir(), 'revlane-csv-export-test-'));
const systemTmp = process.env.TMPDIR;
const leftovers = () => readdirSync(ownTmp);

async function readAll(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString();
}

describe.each(TEST_ENGINES)('CSV export on $name', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const orgId = newOrgId();
  const query = (min: number) => ({
    sql: `SELECT CAST(n AS TEXT) AS n, CASE WHEN n % 2 = 0 THEN 'a#b' END AS odd FROM ${warehouse.dialect.table(orgId, 'lines')} WHERE n >= $1 ORDER BY n`,
    params: [min],
  });

  beforeAll(async () => {
    ({ warehouse, cleanup } = engine.open());
    process.env.TMPDIR = ownTmp;
    await warehouse.createTable(orgId, LINES);
    const values = Array.from({ length: ROWS }, (_, i) => i);
    await warehouse.bulkLoad(orgId, LINES, [{ rowCount: ROWS, columns: [values] }]);
  });
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
    if (systemTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmp;
  });

  it('writes every row in order, in many chunks, with the same quoting on every engine', async () => {
    let chunks = 0;
    let text = '';
    for await (const chunk of warehouse.exportCsv(orgId, query(ROWS - 3))) {
      chunks += 1;
      text += chunk.toString();
    }
    expect(chunks).toBeGreaterThan(0);
    expect(text).toBe(`199997,\r\n199998,"a#b"\r\n199999,\r\n`);
    const all = await readAll(warehouse.exportCsv(orgId, query(0)));
    expect(all.split('\r\n')).toHaveLength(ROWS + 1);
    expect(leftovers()).toEqual([]);
  });

  it('stops the engine when the reader stops early, and leaves nothing behind', async () => {
    // More early exits than the PostgreSQL pool has connections: a leak would hang here.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      for await (const chunk of warehouse.exportCsv(orgId, query(0))) {
        expect(chunk.toString().startsWith('0,"a#b"\r\n')).toBe(true);
        break;
      }
    }
    expect(leftovers()).toEqual([]);
    expect(await readAll(warehouse.exportCsv(orgId, query(ROWS - 1)))).toBe('199999,\r\n');
  });

  it('keeps serving queries while clients pause their downloads', async () => {
    // As many paused exports as libuv has worker threads: none may hold one while it waits.
    const paused = Array.from({ length: 4 }, () =>
      warehouse.exportCsv(orgId, query(0))[Symbol.asyncIterator](),
    );
    for (const download of paused) expect((await download.next()).done).toBe(false);
    const [row] = await warehouse.query(orgId, {
      sql: `SELECT COUNT(*) AS n FROM ${warehouse.dialect.table(orgId, 'lines')}`,
      params: [],
    });
    expect(row).toEqual({ n: ROWS });
    for (const download of paused) await download.return?.();
    expect(leftovers()).toEqual([]);
  });

  it('fails loudly on a bad query, leaving nothing behind', async () => {
    const bad = { sql: 'SELECT no_such_column FROM no_such_table', params: [] };
    await expect(readAll(warehouse.exportCsv(orgId, bad))).rejects.toThrow(/no_such/);
    expect(leftovers()).toEqual([]);
  });
});

afterAll(() => rmSync(ownTmp, { recursive: true, force: true }));
