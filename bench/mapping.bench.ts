import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import type { MappingBody } from '@revlane/contracts';
import { csvFileOf } from '../apps/server/src/ingestion/connectors/csv-connector.js';
import {
  DEFAULT_DEMO_SIZE,
  loadDemoData,
  snapshotCohort,
} from '../apps/server/src/warehouse/index.js';
import { COHORT_BACKFILL_JOB } from '../apps/server/src/services/live-ops/snapshots/snapshot-jobs.js';
import type {} from '../apps/server/src/platform/jobs/jobs-plugin.js'; // app.jobs
import { listenSignedIn, type SignedInApp } from './listen-signed-in.js';

/**
 * Mapping publish and freshness (ADR 0019) at demo size (`BENCH_MAPPING_SCALE` multiplies it;
 * `BENCH_MAPPING_SIZE=issue` is the issue's 200k accounts, 2M users, 20M events): the demo
 * loader builds the same data first (the baseline), its tables are landed through three CSV
 * sources, mapped and published; a republish is timed to its cohort snapshot (canonical
 * tables + metrics + snapshots). Then a sync that moves accounts into a cohort is timed from
 * its end to a segment page, the cohort's count and its "entered" list reflecting it (jobs
 * polled as configured); skipped at the issue's size (`BENCH_MAPPING_FRESHNESS=1` forces it).
 */
const SCALE = Number(process.env.BENCH_MAPPING_SCALE ?? 1);
const ISSUE_SIZE = { accounts: 200_000, users: 2_000_000, events: 20_000_000 };
const IS_ISSUE_SIZE = process.env.BENCH_MAPPING_SIZE === 'issue';
const SIZE = IS_ISSUE_SIZE
  ? ISSUE_SIZE
  : {
      accounts: DEFAULT_DEMO_SIZE.accounts * SCALE,
      users: DEFAULT_DEMO_SIZE.users * SCALE,
      events: DEFAULT_DEMO_SIZE.events * SCALE,
    };
const MEASURE_FRESHNESS = !IS_ISSUE_SIZE || process.env.BENCH_MAPPING_FRESHNESS === '1';

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
    const stage = (name: string) =>
      console.error(`[mapping bench] ${name} at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const t0 = started;
    stage('demo loaded');

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
    stage('landed');
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
    stage('published');
    // The first snapshot of an accounts and a users cohort over the published tables: what a
    // load's 'warehouse loaded' costs per cohort after the swap (cohort snapshots).
    started = performance.now();
    const pro = { field: 'plan', operator: 'eq', value: 'pro' };
    await snapshotCohort(
      engine,
      orgId,
      { cohortId: randomUUID(), table: 'accounts', filters: [pro] },
      Date.now(),
    );
    await snapshotCohort(
      engine,
      orgId,
      { cohortId: randomUUID(), table: 'users', filters: [{ ...pro, field: 'account_plan' }] },
      Date.now(),
    );
    const snapshotSeconds = (performance.now() - started) / 1000;
    stage('snapshotted');
    if (!MEASURE_FRESHNESS)
      return {
        size: SIZE,
        demoSeconds,
        previewSeconds,
        publishSeconds,
        snapshotSeconds,
        matchedPercent: preview.users.matchedPercent,
        apiRepublish: null,
        freshness: null,
      };

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
    stage('back-filled');

    // A republish with a cohort in place: canonical tables + metrics + the cohort snapshot
    // its 'warehouse loaded' event triggers, end to end.
    started = performance.now();
    const startedAt = Date.now();
    const again = await call<{ id: string }>(app, 'POST', 'composer/api/v1/mapping/publish');
    const republish = await until(
      () => call<Run>(app, 'GET', `composer/api/v1/mapping/runs/${again.id}`),
      finished,
    );
    if (republish.status !== 'succeeded') throw new Error(`republish: ${republish.error}`);
    const republishSeconds = (performance.now() - started) / 1000;
    await until(
      () => call<{ snapshotAt: string | null }>(app, 'GET', `live-ops/api/v1/cohorts/${cohort.id}`),
      (c) => c.snapshotAt !== null && Date.parse(c.snapshotAt) >= startedAt,
    );
    const republishWithSnapshotsSeconds = (performance.now() - started) / 1000;
    stage('republished and snapshotted');
    const timings = {
      size: SIZE,
      demoSeconds,
      previewSeconds,
      publishSeconds,
      snapshotSeconds,
      matchedPercent: preview.users.matchedPercent,
      apiRepublish: { backfillSeconds, republishSeconds, republishWithSnapshotsSeconds },
    };

    // Every starter account moves to pro: the cohort grows once the sync is re-applied.
    const accounts = readFileSync(path.join(files, 'accounts.csv'), 'utf8').replace(
      /,starter,/g,
      ',pro,',
    );
    const proFilter = encodeURIComponent(
      JSON.stringify([{ field: 'plan', operator: 'eq', value: 'pro' }]),
    );
    const proTotal = async () =>
      (
        await call<{ total: number }>(
          app,
          'GET',
          `live-ops/api/v1/segments/${segment!.id}/data?filters=${proFilter}&perPage=1`,
        )
      ).total;
    const pageBefore = await proTotal();
    const syncStarted = performance.now();
    const since = new Date().toISOString();
    await land(sources.accounts!, accounts);
    const syncEnded = performance.now();
    // Each view's first moment reflecting the sync, polled together.
    const seen: { page?: number; cohort?: number; entered?: number } = {};
    let after = before;
    await until(
      async () => {
        const now = () => (performance.now() - syncEnded) / 1000;
        if (seen.page === undefined && (await proTotal()) !== pageBefore) seen.page = now();
        if (seen.cohort === undefined) {
          const current = (await members()).members!;
          if (current !== before) [seen.cohort, after] = [now(), current];
        }
        if (seen.entered === undefined) {
          const changes = await call<{ entered: { total: number } }>(
            app,
            'GET',
            `live-ops/api/v1/cohorts/${cohort.id}/changes?since=${encodeURIComponent(since)}`,
          );
          if (changes.entered.total > 0) seen.entered = now();
        }
        return seen;
      },
      (s) => s.page !== undefined && s.cohort !== undefined && s.entered !== undefined,
    );
    return {
      ...timings,
      freshness: {
        syncSeconds: (syncEnded - syncStarted) / 1000,
        pageSeconds: seen.page!,
        cohortSeconds: seen.cohort!,
        enteredSeconds: seen.entered!,
        cohort: { before, after },
      },
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
  const withSnapshots = r.publishSeconds + r.snapshotSeconds;
  console.log(
    `2 cohort snapshots              ${r.snapshotSeconds.toFixed(2)} s  → publish + snapshots ${withSnapshots.toFixed(2)} s = ${(withSnapshots / r.demoSeconds).toFixed(2)}× the demo loader`,
  );
  const a = r.apiRepublish;
  if (a) {
    console.log(`new cohort's back-fill (waited)  ${a.backfillSeconds.toFixed(2)} s`);
    console.log(
      `republish (canonical + metrics) ${a.republishSeconds.toFixed(2)} s  = ${(a.republishSeconds / r.demoSeconds).toFixed(2)}× the demo loader`,
    );
    console.log(
      `  + its cohort's snapshot       ${a.republishWithSnapshotsSeconds.toFixed(2)} s  = ${(a.republishWithSnapshotsSeconds / r.demoSeconds).toFixed(2)}× the demo loader`,
    );
  }
  const f = r.freshness;
  if (f) {
    const slowest = Math.max(f.pageSeconds, f.cohortSeconds, f.enteredSeconds);
    console.log(`accounts sync                   ${f.syncSeconds.toFixed(2)} s`);
    console.log(`freshness: sync end → page      ${f.pageSeconds.toFixed(2)} s`);
    console.log(
      `freshness: sync end → cohort    ${f.cohortSeconds.toFixed(2)} s  (${f.cohort.before} → ${f.cohort.after} members)`,
    );
    console.log(`freshness: sync end → entered   ${f.enteredSeconds.toFixed(2)} s`);
    console.log(`freshness target ≤ 60 s: ${slowest <= 60 ? 'met' : 'NOT met'}`);
  }
}
