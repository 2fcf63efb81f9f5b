import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withAdminClient } from '../../../test/database.js';
import { openDatabase } from './database.js';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.info('concurrent migrations: skipped without TEST_DATABASE_URL');

const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../drizzle/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

/** Several processes starting together on a fresh database (ADR 0035). */
describe.skipIf(!adminUrl)('migrations on PostgreSQL', () => {
  it('applied once when several processes open a fresh database at once', async () => {
    const name = `revlane_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient(adminUrl!, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled(
        [1, 2, 3, 4].map(() => openDatabase({ kind: 'postgres', url: url.toString() })),
      );
      const handles = opened.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      );
      try {
        expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);
        // Both drivers answer `{ rows }`; the shared Database type leaves the result unknown.
        const result = (await handles[0]!.db.execute(
          sql`select count(*)::int as applied, count(distinct hash)::int as distinct_hashes
              from drizzle.__drizzle_migrations`,
        )) as { rows: unknown[] };
        const { applied, distinct_hashes } = result.rows[0] as {
          applied: number;
          distinct_hashes: number;
        };
        expect(applied).toBe(journal.entries.length);
        expect(distinct_hashes).toBe(applied);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    } finally {
      await withAdminClient(adminUrl!, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    }
  });
});
