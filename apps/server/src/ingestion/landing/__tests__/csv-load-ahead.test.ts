import {
  appendFileSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
  renameSync,
  copyFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLogs } from '../../../../test/log-capture.js';
import { openWarehouse } from '../../../warehouse/open-warehouse.js';
import type { Warehouse } from '../../../warehouse/index.js';
import { sniffCsv, withScratchDuckDB } from '../../connectors/csv-sniff.js';
import { CsvLoadAhead } from '../csv-load-ahead.js';

const ORG = 'org-load-ahead';
const HEADER = 'id,amount,active,signed_up,day,note\n';
const row = (i: number, note = i % 3 === 0 ? '"says ""hi"",\nthen left"' : 'ok') =>
  `${i},${i}.25,${i % 2 === 0},2024-03-0${(i % 9) + 1} 10:00:00,2024-04-0${(i % 9) + 1},${note}\n`;
const rows = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => row(from + k)).join('');

describe('CsvLoadAhead: a CSV upload loaded while it arrives (ADR 0029)', () => {
  let dir: string;
  let warehouse: Warehouse;
  let loadAhead: CsvLoadAhead;
  const logs = captureLogs();
  let uploads = 0;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'revlane-load-ahead-test-'));
    warehouse = openWarehouse({ dataDir: dir, memoryLimit: '256MB', threads: 1 });
    // Small head and chunks, so a few kilobytes cross many chunk boundaries.
    loadAhead = new CsvLoadAhead(warehouse, pino({ level: 'info' }, logs.stream), {
      headBytes: 2_000,
      chunkBytes: 3_000,
      idleMs: 300,
      pollMs: 2,
    });
  });
  afterAll(async () => {
    await loadAhead.close();
    await warehouse.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => logs.lines.splice(0));

  /** Writes the upload in pieces, as tus's file store does, then finishes it. */
  async function upload(pieces: string[], sourceId: string) {
    uploads += 1;
    const uploadId = `${ORG}_${String(uploads).padStart(32, '0')}`;
    const file = path.join(dir, `${uploadId}.csv`);
    writeFileSync(file, '');
    loadAhead.follow(ORG, uploadId, file);
    for (const piece of pieces) {
      appendFileSync(file, piece);
      await sleep(5);
    }
    const target = path.join(dir, `${sourceId}.csv`);
    renameSync(file, target);
    loadAhead.finish(uploadId, sourceId);
    return { uploadId, file: target };
  }

  const scratchTables = () => warehouse.listTables(ORG, 'upl_');
  const reasons = () =>
    logs
      .records()
      .map((record) => record.reason as string | undefined)
      .filter(Boolean);

  it('types the columns as the whole-file sniff does and loads every row, quoted line feeds included', async () => {
    const text = HEADER + rows(1, 400);
    const pieces = [text.slice(0, 1_500), text.slice(1_500, 7_000), text.slice(7_000)];
    const { file } = await upload(pieces, 'source-a');
    const progress: number[] = [];
    const loaded = await loadAhead.claim(ORG, 'source-a', file, (n) => progress.push(n));
    expect(reasons()).toEqual([]);
    expect(loaded).not.toBeNull();
    const whole = await withScratchDuckDB((connection) => sniffCsv(connection, file));
    expect(loaded!.sniffed.columns).toEqual(whole.columns);
    expect(loaded!.columns.map((column) => column.type)).toEqual([
      'bigint',
      'double',
      'boolean',
      'timestamp',
      'date',
      'text',
    ]);
    expect(loaded!.rows).toBe(399);
    const table = warehouse.dialect.table(ORG, loaded!.table);
    const [counts] = await warehouse.query(ORG, {
      sql: `SELECT count(*) AS n, count(DISTINCT id) AS ids, sum(amount) AS amount,
        count(*) FILTER (WHERE note = 'says "hi",' || chr(10) || 'then left') AS quoted FROM ${table}`,
      params: [],
    });
    expect(counts).toEqual({ n: 399, ids: 399, amount: (399 * 400) / 2 + 399 * 0.25, quoted: 133 });
    // The table is the claimer's now: nothing else drops it.
    expect(await scratchTables()).toEqual([loaded!.table]);
    await warehouse.execute(ORG, [{ sql: `DROP TABLE ${table}`, params: [] }]);
  });

  it('loads nothing in a process that runs no jobs (another process owns the warehouse file)', async () => {
    const web = new CsvLoadAhead(warehouse, pino({ level: 'silent' }), { enabled: false });
    const file = path.join(dir, 'web.csv');
    writeFileSync(file, HEADER + rows(1, 50));
    web.follow(ORG, `${ORG}_web`, file);
    web.finish(`${ORG}_web`, 'source-web');
    expect(await web.claim(ORG, 'source-web', file, () => undefined)).toBeNull();
    expect(await scratchTables()).toEqual([]);
  });

  it('claims nothing in a worker for an upload another process received (ADR 0035)', async () => {
    const worker = new CsvLoadAhead(warehouse, pino({ level: 'silent' }));
    const file = path.join(dir, 'elsewhere.csv');
    writeFileSync(file, HEADER + rows(1, 50));
    // The upload's last PATCH reached this process, its POST another one.
    worker.finish(`${ORG}_elsewhere`, 'source-elsewhere');
    worker.stop(`${ORG}_elsewhere`, 'The upload was terminated.');
    expect(await worker.claim(ORG, 'source-elsewhere', file, () => undefined)).toBeNull();
    await worker.close();
    expect(await scratchTables()).toEqual([]);
  });

  it('drops the scratch tables a killed process left when the next upload starts', async () => {
    await warehouse.createTable(ORG, {
      name: 'upl_0123456789abcdef',
      columns: [{ name: 'a', type: 'text' }],
    });
    const { file } = await upload([HEADER + rows(1, 20)], 'source-e');
    const loaded = await loadAhead.claim(ORG, 'source-e', file, () => undefined);
    expect(reasons()).toEqual([]);
    expect(await scratchTables()).toEqual([loaded!.table]);
    await warehouse.execute(ORG, [
      { sql: `DROP TABLE ${warehouse.dialect.table(ORG, loaded!.table)}`, params: [] },
    ]);
  });

  it('leaves the file to the sync when a value past the head does not fit its column', async () => {
    const text = HEADER + rows(1, 200) + '200,lots,true,2024-03-01 10:00:00,2024-04-01,ok\n';
    const { file } = await upload([text.slice(0, 4_000), text.slice(4_000)], 'source-b');
    expect(await loadAhead.claim(ORG, 'source-b', file, () => undefined)).toBeNull();
    // The reader's message quotes the line; the log says only what happened.
    expect(reasons()).toEqual(['A chunk did not load as typed.']);
    expect(logs.text()).not.toContain('lots');
    expect(await scratchTables()).toEqual([]);
  });

  it('leaves it to the sync when a column empty in the head holds values later', async () => {
    const empty = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => `${from + k},\n`).join('');
    const text = 'id,score\n' + empty(1, 1_000) + '1000,17\n';
    const { file } = await upload([text.slice(0, 2_500), text.slice(2_500)], 'source-c');
    expect(await loadAhead.claim(ORG, 'source-c', file, () => undefined)).toBeNull();
    expect(reasons()).toEqual(['A column empty at the start of the file holds values later.']);
    expect(await scratchTables()).toEqual([]);
  });

  it('drops what it loaded when the upload stops arriving, is terminated or its file is replaced', async () => {
    // Stops arriving: no bytes for longer than idleMs.
    uploads += 1;
    const idle = path.join(dir, 'idle.csv');
    writeFileSync(idle, HEADER + rows(1, 200));
    loadAhead.follow(ORG, `${ORG}_idle`, idle);
    await vi.waitFor(() => expect(reasons()).toEqual(['The upload stopped arriving.']), {
      timeout: 10_000,
    });

    // Terminated.
    const terminated = path.join(dir, 'terminated.csv');
    writeFileSync(terminated, HEADER + rows(1, 200));
    loadAhead.follow(ORG, `${ORG}_terminated`, terminated);
    loadAhead.stop(`${ORG}_terminated`, 'The upload was terminated.');
    await vi.waitFor(() => expect(reasons()).toContain('The upload was terminated.'), {
      timeout: 10_000,
    });

    // Replaced by another file before the sync claimed it.
    const { file } = await upload([HEADER + rows(1, 50)], 'source-d');
    copyFileSync(file, `${file}.copy`);
    renameSync(`${file}.copy`, file);
    expect(await loadAhead.claim(ORG, 'source-d', file, () => undefined)).toBeNull();
    await vi.waitFor(async () => expect(await scratchTables()).toEqual([]), { timeout: 10_000 });
  });
});
