import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import pg from 'pg';

const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'IN', 'BR', 'JP', 'CA'];
const PLANS = ['free', 'starter', 'pro', 'enterprise'];

/**
 * A CSV of `rows` records × 12 columns (integers, decimals, text with quotes and commas,
 * booleans, timestamps, dates), written at bench time into a temp file, never committed.
 */
export async function writeBenchCsv(file: string, rows: number): Promise<number> {
  const out = createWriteStream(file);
  out.write(
    'id,account_id,email,name,country,plan,mrr,seats,active,created_at,last_seen_on,note\n',
  );
  let bytes = 0;
  let chunk = '';
  for (let i = 1; i <= rows; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const note = i % 10 === 0 ? `"said ""hi"", then left"` : i % 3 === 0 ? '' : 'ok';
    chunk +=
      `${i},${i % 50_000},user${i}@example.com,User ${i},${COUNTRIES[i % 8]},${PLANS[i % 4]},` +
      `${(i % 997) + 0.99},${i % 250},${i % 2 === 0},2024-03-${day} 10:${String(i % 60).padStart(2, '0')}:00,` +
      `2024-04-${day},${note}\n`;
    if (chunk.length > 1 << 20) {
      bytes += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  bytes += chunk.length;
  out.end(chunk);
  await once(out, 'finish');
  return bytes;
}

export interface BenchSourceDatabase {
  url: URL;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database holding `events_src` with `rows` rows × 10 columns, on the
 * server of BENCH_SOURCE_DATABASE_URL (default the local one); null when none answers.
 */
export async function createBenchSourceDatabase(rows: number): Promise<BenchSourceDatabase | null> {
  const adminUrl =
    process.env.BENCH_SOURCE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `revlane_bench_source_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`CREATE TABLE events_src (id bigint PRIMARY KEY, user_id bigint,
    account text, name text, occurred_at timestamptz, value numeric(12,2), flag boolean,
    properties text, country text, seats int)`);
  await client.query(`INSERT INTO events_src SELECT g, g % 20000, 'account-' || (g % 2000),
    CASE WHEN g % 3 = 0 THEN 'signed_in' ELSE 'page_viewed' END,
    timestamptz '2024-01-01 00:00:00+00' + g * interval '7 seconds', g % 1000 + 0.25,
    g % 2 = 0, '{"path":"/p/' || (g % 97) || '"}', (ARRAY['US','DE','FR','GB'])[g % 4 + 1],
    g % 300 FROM generate_series(1, ${rows}) g`);
  await client.query('ANALYZE events_src');
  await client.end();
  return {
    url,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
