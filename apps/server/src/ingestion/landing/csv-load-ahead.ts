import { createHash } from 'node:crypto';
import { mkdtemp, open, rm, stat, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { SniffedCsv, Warehouse } from '../../warehouse/index.js';
import type { ExtractedColumn } from '../../integrations/index.js';
import { lastRecordEnd } from './csv-record-ends.js';
import { dropTables } from './landed-tables.js';
import { LeftToTheSync, ScratchTable, type FollowedUpload } from './csv-scratch-table.js';

/** A finished upload's rows, already typed and loaded into a scratch table of the warehouse. */
export interface LoadedAhead {
  /** The scratch table: the landed schema's columns, every row of the file. */
  table: string;
  columns: ExtractedColumn[];
  sniffed: SniffedCsv;
  rows: number;
}

export interface LoadAheadOptions {
  /** The start of the upload the sniffer types the columns from. */
  headBytes?: number;
  /** Whole records loaded at a time while the upload arrives. */
  chunkBytes?: number;
  /** An upload that has not grown for this long is left to the sync. */
  idleMs?: number;
  /** A finished load no sync has claimed for this long is dropped. */
  unclaimedMs?: number;
  /** How often a caught-up reader looks for more bytes. */
  pollMs?: number;
  /**
   * Off in a process that runs no jobs: the sync that would claim the load runs in another
   * process, which owns the organization's DuckDB file.
   */
  enabled?: boolean;
}

interface Follow extends FollowedUpload {
  /** The upload is complete: read to the end of the file. */
  finished: boolean;
  /** Set to stop following (the upload was terminated, the app closes). */
  stopped: string | null;
  result: Promise<FollowedFile | null>;
  unclaimedTimer?: NodeJS.Timeout;
}

interface FollowedFile extends LoadedAhead {
  inode: number;
  size: number;
}

const READ_BYTES = 1024 * 1024;
/** A record longer than this without an end in sight is not worth following. */
const MAX_PENDING_BYTES = 64 * 1024 * 1024;
const DEFAULTS: Required<LoadAheadOptions> = {
  headBytes: 1024 * 1024,
  chunkBytes: 16 * 1024 * 1024,
  idleMs: 60_000,
  unclaimedMs: 10 * 60_000,
  pollMs: 10,
  enabled: true,
};
const SCRATCH_PREFIX = 'upl_';

/**
 * Loads a CSV upload into the warehouse while its bytes arrive (ADR 0029). The first
 * megabyte is sniffed for the dialect and column types; then whole records are loaded as
 * they land, typed, into a scratch table. When the upload finishes the sync claims the
 * table instead of reading the file twice more. Nothing is guessed that the whole-file
 * sniff would answer otherwise: a value that does not fit its column's type stops the load,
 * and so does a column empty in the sample that holds values later; the sync then sniffs and
 * loads the whole file as before. Only the DuckDB warehouse (`readsSniffedCsv`) loads ahead,
 * so only a lone process does: several share a PostgreSQL warehouse (ADR 0035). There an
 * upload's requests and its sync may reach different processes, and each step is then a
 * no-op where it finds nothing (`finish`, `stop`; `claim` answers null: the sync reads the file).
 */
export class CsvLoadAhead {
  private readonly options: Required<LoadAheadOptions>;
  /** Uploads still arriving, by upload id. */
  private readonly following = new Map<string, Follow>();
  /** Finished uploads waiting for their source's sync, by `<org>/<source>`. */
  private readonly finished = new Map<string, Follow>();
  /** Every scratch table this app named: the others in a warehouse are a dead process's. */
  private readonly named = new Set<string>();

  constructor(
    private readonly warehouse: Warehouse,
    private readonly log: FastifyBaseLogger,
    options: LoadAheadOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Starts following an upload's file (created, still empty) as it grows. */
  follow(orgId: string, uploadId: string, file: string): void {
    if (!this.options.enabled || !this.warehouse.readsSniffedCsv || this.following.has(uploadId))
      return;
    const hash = createHash('sha256').update(uploadId).digest('hex').slice(0, 16);
    const follow: Follow = {
      orgId,
      table: `${SCRATCH_PREFIX}${hash}`,
      finished: false,
      stopped: null,
      rows: 0,
      result: Promise.resolve(null),
    };
    this.named.add(follow.table);
    // Opened at once: the finished upload is renamed to its source's file soon after.
    const opening = open(file, 'r');
    follow.result = this.load(follow, opening).catch((error: unknown) => {
      // The reader's own errors quote the offending line: customer data stays out of logs.
      const reason =
        error instanceof LeftToTheSync ? error.message : 'A chunk did not load as typed.';
      this.log.info(
        { uploadId, reason },
        'CSV upload not loaded ahead: its sync reads the whole file',
      );
      return null;
    });
    this.following.set(uploadId, follow);
  }

  /** The upload is complete and is now the source's file: its sync may claim the load. */
  finish(uploadId: string, sourceId: string): void {
    const follow = this.following.get(uploadId);
    if (!follow) return;
    this.following.delete(uploadId);
    follow.finished = true;
    const key = `${follow.orgId}/${sourceId}`;
    const replaced = this.finished.get(key);
    if (replaced) this.discard(replaced);
    this.finished.set(key, follow);
    follow.unclaimedTimer = setTimeout(() => {
      if (this.finished.get(key) !== follow) return;
      this.finished.delete(key);
      this.discard(follow);
    }, this.options.unclaimedMs);
    follow.unclaimedTimer.unref();
  }

  /** Stops following an upload that will not finish (terminated, its source gone). */
  stop(uploadId: string, reason: string): void {
    const follow = this.following.get(uploadId);
    if (!follow) return;
    this.following.delete(uploadId);
    this.discard(follow, reason);
  }

  /**
   * The load of the source's finished upload, once complete, if it still is the source's
   * file (same inode and size); null when there is none or it was left to the sync. The
   * table is the caller's from then on.
   */
  async claim(
    orgId: string,
    sourceId: string,
    file: string,
    onProgress: (rows: number) => void,
  ): Promise<LoadedAhead | null> {
    const key = `${orgId}/${sourceId}`;
    const follow = this.finished.get(key);
    if (!follow) return null;
    this.finished.delete(key);
    clearTimeout(follow.unclaimedTimer);
    const progress = setInterval(() => onProgress(follow.rows), 250);
    const loaded = await follow.result.finally(() => clearInterval(progress));
    if (!loaded) return null;
    const current = await stat(file).catch(() => null);
    if (current?.ino !== loaded.inode || current.size !== loaded.size) {
      await this.dropTables(orgId, [loaded.table]);
      return null;
    }
    const { inode: _inode, size: _size, ...claimed } = loaded;
    return claimed;
  }

  /** Stops every load and drops every scratch table no sync has claimed. */
  async close(): Promise<void> {
    const pending = [...this.following.values(), ...this.finished.values()];
    this.following.clear();
    this.finished.clear();
    for (const follow of pending) follow.stopped = 'The app is closing.';
    await Promise.all(pending.map((follow) => this.dropResult(follow)));
  }

  private discard(follow: Follow, reason = 'Replaced or not claimed.'): void {
    follow.stopped = reason;
    void this.dropResult(follow);
  }

  private async dropResult(follow: Follow): Promise<void> {
    clearTimeout(follow.unclaimedTimer);
    const loaded = await follow.result;
    if (loaded) await this.dropTables(follow.orgId, [loaded.table]);
  }

  private async load(follow: Follow, opening: Promise<FileHandle>): Promise<FollowedFile> {
    const handle = await opening;
    const scratch = await mkdtemp(path.join(tmpdir(), 'revlane-load-ahead-')).catch(
      async (error: unknown) => {
        await handle.close();
        throw error;
      },
    );
    let created = false;
    try {
      await this.dropLeftovers(follow.orgId);
      const { ino } = await handle.stat();
      const target = new ScratchTable(this.warehouse, follow, scratch);
      const size = await this.readWhileUploaded(follow, handle, async (records) => {
        created = true;
        await target.append(records);
      });
      if (!target.loaded) throw new LeftToTheSync('The file holds no record.');
      await target.checkColumnsEmptyInHead();
      return { ...target.loaded, inode: ino, size };
    } catch (error) {
      if (created) await this.dropTables(follow.orgId, [follow.table]);
      throw error;
    } finally {
      await handle.close();
      await rm(scratch, { recursive: true, force: true });
    }
  }

  /**
   * Reads the upload as it grows and hands over whole records: the head first (once it is
   * `headBytes` long), then `chunkBytes` at a time, the rest once the upload has finished.
   * One buffer is reused throughout (the records handed over are written out before the
   * next read), so following a large upload allocates nothing per chunk. Answers the bytes
   * read.
   */
  private async readWhileUploaded(
    follow: Follow,
    handle: FileHandle,
    take: (records: Buffer) => Promise<void>,
  ): Promise<number> {
    const { headBytes, chunkBytes } = this.options;
    let buffer = Buffer.allocUnsafe(Math.max(headBytes, chunkBytes) + READ_BYTES);
    let filled = 0;
    let position = 0;
    let grewAt = Date.now();
    let taken = 0;
    // The head stays `headBytes` long unless no record ends within it: the sniffer reads it all.
    let headLimit = headBytes;
    for (;;) {
      if (follow.stopped) throw new LeftToTheSync(follow.stopped);
      // Noted before reading: bytes written before the upload finished are then read by
      // this read or a later one.
      const finished = follow.finished;
      const limit = taken === 0 ? Math.min(buffer.length, headLimit) : buffer.length;
      const { bytesRead } = await handle.read(buffer, filled, limit - filled, position);
      if (bytesRead > 0) {
        position += bytesRead;
        filled += bytesRead;
        grewAt = Date.now();
        if (filled < (taken === 0 ? headLimit : chunkBytes)) continue;
        // The head is cut before the quote is known: a line feed it takes for a record's end
        // is one (an unbalanced '"' only makes it stop at an earlier one).
        const end = lastRecordEnd(buffer.subarray(0, filled), follow.quote ?? '"');
        if (end > 0) {
          await take(buffer.subarray(0, end));
          taken += 1;
          buffer.copyWithin(0, end, filled);
          filled -= end;
        } else if (taken === 0 && limit < buffer.length) headLimit *= 2;
        else if (filled === limit) {
          if (buffer.length >= MAX_PENDING_BYTES)
            throw new LeftToTheSync('A record is longer than the load-ahead reads at once.');
          const larger = Buffer.allocUnsafe(buffer.length * 2);
          buffer.copy(larger, 0, 0, filled);
          buffer = larger;
        }
      } else if (finished) break;
      else if (Date.now() - grewAt > this.options.idleMs)
        throw new LeftToTheSync('The upload stopped arriving.');
      else await sleep(this.options.pollMs);
    }
    if (filled > 0 || taken === 0) await take(buffer.subarray(0, filled));
    return position;
  }

  /**
   * Drops the scratch tables a killed process left (one process owns a DuckDB file); this
   * app's own, claimed or not, have their own ends.
   */
  private async dropLeftovers(orgId: string): Promise<void> {
    const tables = await this.warehouse.listTables(orgId, SCRATCH_PREFIX);
    await this.dropTables(
      orgId,
      tables.filter((name) => !this.named.has(name)),
    );
  }

  private async dropTables(orgId: string, names: readonly string[]): Promise<void> {
    await dropTables(this.warehouse, orgId, names).catch((error: unknown) =>
      this.log.warn({ err: error }, 'scratch table not dropped'),
    );
  }
}
