import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { assertOrgId } from '../engine/identifiers.js';

export interface DuckDBOptions {
  /** Directory of the `<orgId>.duckdb` files; `null` keeps every organization in memory (tests). */
  directory: string | null;
  /** Per organization; DuckDB spills to disk beyond it instead of growing. */
  memoryLimit: string;
  threads: number;
}

/**
 * One open DuckDB instance per organization, kept for the life of the process: DuckDB lets
 * one process own a database file, and opening it again per request would throw away its
 * buffer cache.
 */
export class DuckDBDatabases {
  private readonly instances = new Map<string, Promise<DuckDBInstance>>();

  constructor(private readonly options: DuckDBOptions) {
    if (options.directory) mkdirSync(options.directory, { recursive: true });
  }

  fileOf(orgId: string): string | null {
    const { directory } = this.options;
    return directory ? path.join(directory, `${assertOrgId(orgId)}.duckdb`) : null;
  }

  /** Whether the organization has a database yet (reads must not create empty files). */
  exists(orgId: string): boolean {
    const file = this.fileOf(orgId);
    return this.instances.has(orgId) || (file !== null && existsSync(file));
  }

  /** A fresh connection to the organization's database; the caller closes it. */
  async connect(orgId: string): Promise<DuckDBConnection> {
    const instance = await this.instanceOf(orgId);
    return instance.connect();
  }

  private instanceOf(orgId: string): Promise<DuckDBInstance> {
    let instance = this.instances.get(orgId);
    if (!instance) {
      instance = DuckDBInstance.create(this.fileOf(orgId) ?? ':memory:', {
        memory_limit: this.options.memoryLimit,
        threads: String(this.options.threads),
        // Extensions would be downloaded at run time; the npm build's own are all we use.
        autoinstall_known_extensions: 'false',
        autoload_known_extensions: 'false',
      });
      // A failed open (locked by another process, say) must not stick in the cache.
      instance.catch(() => this.instances.delete(orgId));
      this.instances.set(orgId, instance);
    }
    return instance;
  }

  /** Closes the organization's instance and deletes its file (and write-ahead log). */
  async remove(orgId: string): Promise<void> {
    await this.closeOne(orgId);
    const file = this.fileOf(orgId);
    if (file) for (const suffix of ['', '.wal']) rmSync(`${file}${suffix}`, { force: true });
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.instances.keys()].map((orgId) => this.closeOne(orgId)));
  }

  private async closeOne(orgId: string): Promise<void> {
    const instance = this.instances.get(orgId);
    this.instances.delete(orgId);
    if (!instance) return;
    try {
      (await instance).closeSync();
    } catch {
      // It never opened: nothing to close.
    }
  }
}
