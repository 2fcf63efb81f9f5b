import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/platform/database/database.js';
import { organizations } from '../src/platform/database/schema/index.js';
import { createTestDatabase } from './database.js';

describe(`metadata database (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('applies migrations and round-trips a row', async () => {
    const [org] = await handle.db.insert(organizations).values({ name: 'Acme' }).returning();
    const rows = await handle.db.select().from(organizations);
    expect(rows.map((row) => row.id)).toEqual([org!.id]);
    const result = (await handle.db.execute(sql`select count(*)::int as n from users`)) as {
      rows: unknown[];
    };
    expect(result.rows[0]).toEqual({ n: 0 });
  });
});
