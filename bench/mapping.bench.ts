import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import type { MappingBody } from '@revlane/contracts';
import { csvFileOf } from '../apps/server/src/services/composer/connectors/csv-connector.js';
import { DEFAULT_DEMO_SIZE, loadDemoData } from '../apps/server/src/warehouse/index.js';
import { COHORT_BACKFILL_JOB } from '../apps/server/src/services/live-ops/snapshots/snapshot-jobs.js';
import type {} from '../apps/server/src/platform/jobs/jobs-plugin.js'; // app.jobs
import { listenSignedIn, type SignedInApp } from './listen-signed-in.js';

/**
 * Mapping publish and freshness (ADR 0019) at demo size (`BENCH_MAPPING_SCALE` multiplies it):
 * the demo loader builds the same data first (the baseline), its tables are landed through
 * three CSV sources, mapped and published; then a sync that moves accounts into a cohort is
 * timed from its end to the cohort's count reflecting it (jobs polled as configured).
 */
const SCALE = Number(process.env.BENCH_MAPPING_SCALE ?? 1);
const SIZE = {
  accounts: DEFAULT_DEMO_SIZE.accounts * SCALE,
  users: DEFAULT_DEMO_SIZE.users * SCALE,
  events: DEFAULT_DEMO_SIZE.events * SCALE,
};

async function call<T>(app: SignedInApp, method: string, url: string, body?: unknown) {
  const response = await fetch(`${app.address}/${url}`, {
    method,
    headers: { ...app.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Run = { status: string; error: string | null };
const finished = (run: Run) => ['succeeded', 'failed', 'cancelled'].includes(run.status);

/** Writes a query of the demo organization as a CSV file with a header. */
async function exportCsv(
  app: SignedInApp,
  orgId: string,
  file: string,
  header: string,
  sql: string,
) {
  const out = createWriteStream(file);
  out.write(`${header}\r\n`); // COPY ends its lines with CRLF: one newline style for the sniffer
  for await (const chunk of app.app.warehouse.engine.exportCsv(orgId, { sql, params: [] }))
    if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

export async function benchMapping() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-bench-mapping-'));
  const app = await listenSignedIn(
    { kind: 'pglite', dataDir: undefined },
    { REVLANE_DATA_DIR: dataDir },
  );
  try {
    const me = await call<{ organization: { id: string } }>(app, 'GET', 'user/api/v1/users/me');
    const orgId = me.organization.id;
    const demoOrg = randomUUID();
    const engine = app.app.warehouse.engine;
    let started = performance.now();
    await loadDemoData(engine, demoOrg, SIZE);
    const demoSeconds = (performance.now() - started) / 1000;

    const files = path.join(dataDir, 'bench-csv');
    mkdirSync(files, { recursive: true });
    const t = (name: string) => engine.dialect.table(demoOrg, name);
    const iso = (column: string) => engine.dialect.isoTimestamp(column);
    await exportCsv(
      app,
      demoOrg,
      path.join(files, 'accounts.csv'),
      'id,name,domain,plan,seats,mrr',
      `SELECT id, name, domain, plan, CAST(seats AS TEXT), CAST(mrr AS TEXT) FROM ${t('accounts')}`,
    );
    await exportCsv(
      app,
      demoOrg,
      path.join(files, 'users.csv'),
      'id,account_id,email,name,role',
      `SELECT id, account_id, email, name, role FROM ${t('users')}`,
    );
    await exportCsv(
      app,
      demoOrg,
      path.join(files, 'events.csv'),
      'user_id,name,occurred_at',
      `SELECT user_id, name, ${iso('occurred_at')} FROM ${t('events')}`,
    );

    const land = async (sourceId: string, content: Buffer | string) => {
      const file = csvFileOf(dataDir, orgId, sourceId);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
      const { id } = await call<{ id: string }>(
        app,
        'POST',
        `composer/api/v1/sources/${sourceId}/syncs`,
      );
      const run = await until(() => call<Run>(app, 'GET', `composer/api/v1/syncs/${id}`), finished);
      if (run.status !== 'succeeded') throw new Error(`sync: ${run.error}`);
    };
    const sources: Record<string, string> = {};
    for (const name of ['accounts', 'users', 'events']) {
      const source = await call<{ id: string }>(app, 'POST', 'composer/api/v1/sources', {
        type: 'csv',
        name: `${name}.csv`,
        config: { fileName: `${name}.csv` },
      });
      sources[name] = source.id;
      await land(source.id, readFileSync(path.join(files, `${name}.csv`)));
    }
    const mapping: MappingBody = {
      accounts: {
        sourceId: sources.accounts!,
        table: 'accounts.csv',
        columns: { id: 'id', name: 'name', domain: 'domain' },
        attributes: ['plan', 'seats', 'mrr'],
      },
      users: {
        sourceId: sources.users!,
        table: 'users.csv',
        columns: { id: 'id', email: 'email', name: 'name', accountId: 'account_id' },
        attributes: ['role'],
      },
      events: {
        sourceId: sources.events!,
        table: 'events.csv',
        columns: { userId: 'user_id', name: 'name', occurredAt: 'occurred_at' },
      },
    };
    await call(app, 'PUT', 'composer/api/v1/mapping', mapping);
    started = performance.now();
    const preview = await call<{ users: { matchedPercent: number } }>(
      app,
      'POST',
      'composer/api/v1/mapping/preview',
    );
    const previewSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const { id } = await call<{ id: string }>(app, 'POST', 'composer/api/v1/mapping/publish');
    const publish = await until(
      () => call<Run>(app, 'GET', `composer/api/v1/mapping/runs/${id}`),
      finished,
    );
    if (publish.status !== 'succeeded') throw new Error(`publish: ${publish.error}`);
    const publishSeconds = (performance.now() - started) / 1000;

    const [segment] = await call<{ id: string }[]>(app, 'GET', 'live-ops/api/v1/segments/me');
    const cohort = await call<{ id: string }>(
      app,
      'POST',
      `live-ops/api/v1/segments/${segment!.id}/cohorts`,
      {
        name: 'Pro accounts',
        filters: [{ field: 'plan', operator: 'eq', value: 'pro' }],
      },
    );
    const members = () =>
      call<{ members: number | null }>(app, 'GET', `live-ops/api/v1/cohorts/${cohort.id}`);
    const before = (await until(members, (c) => c.members !== null)).members!;
    // A new cohort's 180-day back-fill holds the organization's warehouse for a while; the
    // freshness measured is that of a steady state, so it waits for it first.
    started = performance.now();
    for (let drained = false; !drained;)
      drained = await app.app.jobs.drain(COHORT_BACKFILL_JOB).then(
        () => true,
        () => false, // still running after the drain's own 30 s: wait again
      );
    const backfillSeconds = (performance.now() - started) / 1000;

    // Every starter account moves to pro: the cohort grows once the sync is re-applied.
    const accounts = readFileSync(path.join(files, 'accounts.csv'), 'utf8').replace(
      /,starter,/g,
      ',pro,',
    );
    const syncStarted = performance.now();
    await land(sources.accounts!, accounts);
    const syncEnded = performance.now();
    const after = (await until(members, (c) => c.members !== before)).members!;
    const reflected = performance.now();
    return {
      size: SIZE,
      demoSeconds,
      previewSeconds,
      publishSeconds,
      matchedPercent: preview.users.matchedPercent,
      backfillSeconds,
      syncSeconds: (syncEnded - syncStarted) / 1000,
      freshnessSeconds: (reflected - syncEnded) / 1000,
      cohort: { before, after },
    };
  } finally {
    await app.app.close();
    await app.database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchMapping();
  console.log(
    `Mapping at ${r.size.accounts} accounts, ${r.size.users} users, ${r.size.events} events (DuckDB, PGlite metadata)`,
  );
  console.log(`demo loader (baseline)          ${r.demoSeconds.toFixed(2)} s`);
  console.log(
    `preview                         ${r.previewSeconds.toFixed(2)} s  (${r.matchedPercent}% users matched)`,
  );
  console.log(
    `publish (canonical + metrics)   ${r.publishSeconds.toFixed(2)} s  = ${(r.publishSeconds / r.demoSeconds).toFixed(2)}× the demo loader`,
  );
  console.log(`new cohort's back-fill (waited)  ${r.backfillSeconds.toFixed(2)} s`);
  console.log(`accounts sync                   ${r.syncSeconds.toFixed(2)} s`);
  console.log(
    `freshness: sync end → cohort    ${r.freshnessSeconds.toFixed(2)} s  (${r.cohort.before} → ${r.cohort.after} members; target ≤ 60 s: ${r.freshnessSeconds <= 60 ? 'met' : 'NOT met'})`,
  );
}
