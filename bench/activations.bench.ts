import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ActivationField, ActivationProvider } from '@revlane/contracts';
import type { Database } from '../apps/server/src/platform/database/database.js';
import { and, eq } from 'drizzle-orm';
import {
  activations,
  cohorts,
  connections,
  segments,
} from '../apps/server/src/platform/database/schema/index.js';
import type { SecretBox } from '../apps/server/src/platform/secrets/secret-box.js';
import { sealTokens } from '../apps/server/src/integrations/core/connection-session.js';
import type { FakeOAuth } from '../apps/server/src/integrations/core/fake-oauth.js';
import {
  hubspotFake,
  hubspotFakeState,
  newHubSpotOAuth,
} from '../apps/server/src/integrations/hubspot/hubspot-fake.js';
import {
  newSalesforceOAuth,
  salesforceFake,
  salesforceSandboxOf,
} from '../apps/server/src/integrations/salesforce/salesforce-fake.js';
import { HUBSPOT_REQUEST_LIMIT } from '../apps/server/src/integrations/index.js';
import { seedDemoSegments } from '../apps/server/src/demo/index.js';
import { activationRunDeps } from '../apps/server/src/services/main/activations/runs/run-deps.js';
import { runActivation } from '../apps/server/src/services/main/activations/runs/run-activation.js';
import {
  insertRun,
  loadRun,
} from '../apps/server/src/services/main/activations/runs/runs.repository.js';
import {
  computeActivationChangeSet,
  loadDemoData,
  snapshotCohort,
} from '../apps/server/src/warehouse/index.js';
import { listenSignedIn } from './listen-signed-in.js';
import { withPeakRss } from './peak-rss.js';

const ACCOUNTS = Number(process.env.BENCH_ACTIVATION_RECORDS ?? 100_000);
const CHANGED_SHARE = 0.01;

/** A provider's fake on its own port, as the real one is reached: over HTTP. */
async function startFake(plugin: (oauth: FakeOAuth) => unknown, oauth: FakeOAuth, name: string) {
  const server = Fastify({ bodyLimit: 256 * 1024 * 1024 });
  await server.register(plugin(oauth) as never, { prefix: `/sandbox/${name}` });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const root = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/sandbox/${name}`;
  return { root, close: () => server.close() };
}

interface Harness {
  app: FastifyInstance;
  db: Database;
  orgId: string;
  cohortId: string;
}

async function connect(h: Harness, provider: ActivationProvider, oauth: FakeOAuth, root: string) {
  const id = randomUUID();
  await h.db.insert(connections).values({
    id,
    orgId: h.orgId,
    provider: provider as 'hubspot' | 'salesforce',
    status: 'connected',
    account: 'Bench',
    instanceUrl: provider === 'salesforce' ? root : null,
    sealedTokens: sealTokens((h.app as unknown as { secrets: SecretBox }).secrets, id, {
      accessToken: oauth.issueTokens().accessToken,
      refreshToken: null,
      expiresAt: null,
    }),
  });
}

async function activation(
  h: Harness,
  provider: ActivationProvider,
  object: string,
  matchField: string,
  fields: ActivationField[],
) {
  const [row] = await h.db
    .insert(activations)
    .values({
      orgId: h.orgId,
      name: `Bench ${provider}`,
      cohortId: h.cohortId,
      provider,
      object,
      matchColumn: 'id',
      matchField,
      mode: 'upsert',
      fields,
      schedule: 'manual',
      onLeave: 'nothing',
    })
    .returning();
  return row!;
}

/** One run, start to settle, in this process: its wall time, peak RSS and counts. */
async function timedRun(h: Harness, activationId: string) {
  const runId = (await insertRun(h.db, {
    orgId: h.orgId,
    activationId,
    trigger: 'manual',
    dryRun: false,
    retryFailed: false,
    createdBy: null,
  }))!;
  const started = performance.now();
  const measured = await withPeakRss(() =>
    runActivation(activationRunDeps(h.app, h.app.log), runId),
  );
  const seconds = (performance.now() - started) / 1000;
  const run = (await loadRun(h.db, runId))!.run;
  if (run.status !== 'succeeded') throw new Error(`run ${run.status}: ${run.error ?? ''}`);
  return { seconds, counts: run.counts, baseRssMb: measured.baseMb, peakRssMb: measured.peakMb };
}

export interface ActivationsBenchResult {
  records: number;
  hubspot: {
    seconds: number;
    perSecond: number;
    ceilingPerSecond: number;
    baseRssMb: number;
    peakRssMb: number;
  };
  unchanged: { changeSetSeconds: number; runSeconds: number; sent: number };
  onePercent: { changed: number; sent: number; seconds: number };
  salesforce: { seconds: number; jobs: number; perSecond: number };
}

/**
 * 100,000 accounts in a cohort (DuckDB warehouse, PGlite metadata), activated into the
 * HubSpot sandbox at HubSpot's private-app limit (190 calls per 10 s, 100 records a call:
 * 1,900 records/s at most), re-run with no change and with 1% changed, and into the
 * Salesforce sandbox through Bulk API 2.0.
 */
export async function benchActivations(): Promise<ActivationsBenchResult> {
  const hubspotOAuth = newHubSpotOAuth('bench-hubspot', 'bench-hubspot-secret');
  const salesforceOAuth = newSalesforceOAuth('bench-salesforce', 'bench-salesforce-secret');
  const hubspot = await startFake(hubspotFake, hubspotOAuth, 'hubspot');
  const salesforce = await startFake(salesforceFake, salesforceOAuth, 'salesforce');
  hubspotFakeState(hubspotOAuth).requestLimit = HUBSPOT_REQUEST_LIMIT;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-bench-activations-'));
  const { app, database, address, headers } = await listenSignedIn(
    { kind: 'pglite', dataDir: undefined },
    {
      REVLANE_DATA_DIR: dataDir,
      JOBS_WORKERS: 'false',
      HUBSPOT_CLIENT_ID: 'bench-hubspot',
      HUBSPOT_CLIENT_SECRET: 'bench-hubspot-secret',
      HUBSPOT_AUTHORIZE_URL: `${hubspot.root}/oauth/authorize`,
      HUBSPOT_API_URL: hubspot.root,
      SALESFORCE_CLIENT_ID: 'bench-salesforce',
      SALESFORCE_CLIENT_SECRET: 'bench-salesforce-secret',
      SALESFORCE_LOGIN_URL: salesforce.root,
    },
  );
  try {
    const me = await fetch(`${address}/user/api/v1/users/me`, { headers });
    const orgId = ((await me.json()) as { data: { organization: { id: string } } }).data
      .organization.id;
    const db = database.db;
    const warehouse = app.warehouse.engine;
    await loadDemoData(warehouse, orgId, {
      accounts: ACCOUNTS,
      users: ACCOUNTS,
      events: ACCOUNTS,
      now: Date.UTC(2024, 5, 15, 12),
    });
    await seedDemoSegments(db, orgId);
    const [segment] = await db
      .select({ id: segments.id })
      .from(segments)
      .where(and(eq(segments.orgId, orgId), eq(segments.name, 'All accounts')));
    const [cohort] = await db
      .insert(cohorts)
      .values({ orgId, segmentId: segment!.id, name: 'All accounts', filters: [] })
      .returning({ id: cohorts.id });
    const h: Harness = { app, db, orgId, cohortId: cohort!.id };
    await snapshotCohort(
      warehouse,
      orgId,
      { cohortId: h.cohortId, table: 'accounts', filters: [] },
      Date.now(),
    );
    await connect(h, 'hubspot', hubspotOAuth, hubspot.root);
    await connect(h, 'salesforce', salesforceOAuth, salesforce.root);
    const fields: ActivationField[] = [
      { column: 'name', field: 'name' },
      { column: 'plan', field: 'plan' },
      { column: 'mrr', field: 'mrr' },
    ];
    const toHubSpot = await activation(h, 'hubspot', 'companies', 'revlane_account_id', fields);
    const first = await timedRun(h, toHubSpot.id);
    const state = hubspotFakeState(hubspotOAuth);
    const held = state.records('companies').filter((r) => r.properties.revlane_account_id);
    if (first.counts.added !== ACCOUNTS || held.length !== ACCOUNTS)
      throw new Error(`HubSpot holds ${held.length}, added ${first.counts.added}`);
    const ceiling =
      (HUBSPOT_REQUEST_LIMIT.requests / (HUBSPOT_REQUEST_LIMIT.windowMs / 1000)) * 100;

    // No change: the change set alone, then a whole run, which must send nothing.
    const catalogue = await app.warehouse.reader.catalogue(orgId);
    const column = (name: string) => catalogue.find('accounts', name)!;
    const changeSetStarted = performance.now();
    const nothing = await computeActivationChangeSet(warehouse, orgId, {
      activationId: toHubSpot.id,
      cohortId: h.cohortId,
      table: 'accounts',
      key: column('id'),
      fields: fields.map((f) => ({ field: f.field, column: column(f.column) })),
      includeLeft: false,
      onlyFailed: false,
    });
    const changeSetSeconds = (performance.now() - changeSetStarted) / 1000;
    if (nothing.rows.length !== 0) throw new Error(`${nothing.rows.length} rows changed`);
    const writes = () => held.reduce((sum, r) => sum + state.writes('companies', r.id), 0);
    const writesBefore = writes();
    const unchanged = await timedRun(h, toHubSpot.id);
    const sentUnchanged = writes() - writesBefore;

    // 1% changed: exactly those sent.
    const changed = Math.round(ACCOUNTS * CHANGED_SHARE);
    const table = warehouse.dialect.table(orgId, 'segment_accounts');
    await warehouse.execute(orgId, [
      {
        sql: `UPDATE ${table} SET mrr = mrr + 1 WHERE id IN (SELECT id FROM ${table} ORDER BY id LIMIT ${changed})`,
        params: [],
      },
    ]);
    const writesBeforeChange = writes();
    const onePercent = await timedRun(h, toHubSpot.id);
    const sentChanged = writes() - writesBeforeChange;

    const toSalesforce = await activation(h, 'salesforce', 'Account', 'Revlane_Account_Id__c', [
      { column: 'name', field: 'Name' },
      { column: 'mrr', field: 'MRR__c' },
    ]);
    const bulk = await timedRun(h, toSalesforce.id);
    const jobs = salesforceSandboxOf(salesforceOAuth).jobs().length;
    return {
      records: ACCOUNTS,
      hubspot: {
        seconds: first.seconds,
        perSecond: ACCOUNTS / first.seconds,
        ceilingPerSecond: ceiling,
        baseRssMb: first.baseRssMb,
        peakRssMb: first.peakRssMb,
      },
      unchanged: { changeSetSeconds, runSeconds: unchanged.seconds, sent: sentUnchanged },
      onePercent: { changed, sent: sentChanged, seconds: onePercent.seconds },
      salesforce: { seconds: bulk.seconds, jobs, perSecond: ACCOUNTS / bulk.seconds },
    };
  } finally {
    await app.close();
    await database.close();
    await hubspot.close();
    await salesforce.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function printActivationsBench() {
  const r = await benchActivations();
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const share = r.hubspot.perSecond / r.hubspot.ceilingPerSecond;
  const n = r.records.toLocaleString('en-US');
  console.log(`\nActivations: ${n} accounts in one cohort (DuckDB warehouse, PGlite metadata)`);
  console.log(
    `HubSpot upsert at 190 calls/10 s: ${Math.round(r.hubspot.perSecond)} records/s in ${r.hubspot.seconds.toFixed(1)} s, ` +
      `${(share * 100).toFixed(1)}% of the ${r.hubspot.ceilingPerSecond} records/s ceiling ` +
      `(target ≥ 80%: ${met(share >= 0.8)}); RSS ${r.hubspot.baseRssMb}→${r.hubspot.peakRssMb} MB`,
  );
  console.log(
    `Re-run, no change: change set in ${r.unchanged.changeSetSeconds.toFixed(2)} s (target ≤ 2 s: ${met(r.unchanged.changeSetSeconds <= 2)}), ` +
      `whole run ${r.unchanged.runSeconds.toFixed(2)} s, ${r.unchanged.sent} records sent (target 0: ${met(r.unchanged.sent === 0)})`,
  );
  console.log(
    `Re-run, 1% changed: ${r.onePercent.sent} records sent of ${r.onePercent.changed} changed (target exactly: ${met(r.onePercent.sent === r.onePercent.changed)}) in ${r.onePercent.seconds.toFixed(1)} s`,
  );
  console.log(
    `Salesforce Bulk API 2.0 upsert: ${n} records in ${r.salesforce.seconds.toFixed(1)} s (${Math.round(r.salesforce.perSecond)} records/s), ${r.salesforce.jobs} jobs`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printActivationsBench();
