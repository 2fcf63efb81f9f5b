import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COHORTS_API,
  PLAYS_API,
  type PlayRun,
  type PlayRunDetail,
  type Sync,
} from '@revlane/contracts';
import { Webhook } from 'standardwebhooks';
import {
  seedDataDir,
  seedMetadata,
  type SeededDataDir,
} from '../../../../../test/seeded-data-dir.js';
import {
  apiClient,
  kill9,
  listeningUrl,
  startServer,
  until,
  waitFor,
  warehouseRows,
  type ServerProcess,
} from '../../../../../test/server-process.js';
import {
  createSourceDatabase,
  sourcePostgresUrl,
  type SourceDatabase,
} from '../../../composer/__tests__/source-postgres.js';
import {
  crmEnvFor,
  googleSheetsEnvFor,
  seedConnection,
  slackIdempotencyKeys,
  startFakeProvider,
  startSeededSlack,
  type FakeProvider,
} from '../../../composer/__tests__/fake-provider.js';
import {
  startFakeGoogleSheets,
  type FakeGoogleSheets,
} from '../../../../integrations/google-sheets/google-sheets-fake.js';

const adminUrl = await sourcePostgresUrl('kill -9 play run test');

const RECORDS = 6;
const CHANNEL = 'CSBX00003';
const SHEET = 'sheet-kill-1';
const ROBOT = 'plays-kill@revlane-test.iam.gserviceaccount.com';
/**
 * The demo accounts have no CRM owner, which a CRM task needs: Salesforce and HubSpot tasks'
 * resend after a crash is play-senders.test.ts's (the same items sent again create nothing).
 */
const CRMS = ['outreach'] as const;

/**
 * A receiver that verifies signatures, counts accepted webhooks by `webhook-id`, and answers
 * only the first `answered` of them: the others wait (the sender's worker is killed while they
 * do) until `release`.
 */
async function startGatedReceiver(answered: number) {
  let secret = '';
  const ids: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let queue = Promise.resolve();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      queue = queue.then(async () => {
        const headers = Object.fromEntries(
          ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
            name,
            String(request.headers[name] ?? ''),
          ]),
        );
        try {
          new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), headers);
        } catch {
          response.writeHead(400).end();
          return;
        }
        if (ids.length >= answered) await released;
        ids.push(headers['webhook-id']!);
        if (!response.destroyed) response.writeHead(200).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ids,
    release: () => release(),
    useSecret: (next: string) => (secret = next),
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The names of the first accounts of the seeded warehouse (the cohort's members). */
async function firstAccountNames(dataDir: string, count: number): Promise<string[]> {
  const rows = await warehouseRows<{ name: string }>(
    dataDir,
    `SELECT DISTINCT name FROM accounts ORDER BY name LIMIT ${count}`,
  );
  return rows.map((row) => row.name);
}

/**
 * Faults suite (docs/architecture.md §9, ADR 0024, ADR 0031): the server CLI killed with
 * SIGKILL in the middle of a play run with a webhook, a Slack message, an Outreach sequence
 * and a Google Sheet row per record, then started again. Every (record, action) reaches its receiver exactly once by its idempotency key (a
 * webhook in flight at the kill may arrive twice, with the same webhook-id), and the run ends.
 */
describe.skipIf(!adminUrl)('plays: a run killed with kill -9, then a restart', () => {
  let seeded: SeededDataDir;
  let slack: FakeProvider;
  let receiver: Awaited<ReturnType<typeof startGatedReceiver>>;
  let remote: SourceDatabase;
  let env: Record<string, string>;
  let names: string[];
  const crms = {} as Record<(typeof CRMS)[number], FakeProvider>;
  let google: FakeGoogleSheets;

  beforeAll(async () => {
    seeded = await seedDataDir('plays-kill');
    receiver = await startGatedReceiver(2);
    remote = await createSourceDatabase(adminUrl!);
    await remote.run(`CREATE TABLE pings AS SELECT g AS id FROM generate_series(1, 10) g`);
    names = await firstAccountNames(seeded.dataDir, RECORDS);
    // Dana owns the seeded organization (seedDataDir); Slack connected before any server opens it.
    const sandbox = await startSeededSlack(seeded);
    slack = sandbox.slack;
    for (const provider of CRMS) crms[provider] = await startFakeProvider(provider);
    await seedMetadata(seeded, async (app) => {
      for (const provider of CRMS)
        await seedConnection(app, seeded.orgId, provider, crms[provider]);
    });
    google = await startFakeGoogleSheets({
      spreadsheets: [
        {
          spreadsheetId: SHEET,
          title: 'Leads',
          sharedWith: [ROBOT],
          tabs: [{ sheetId: 0, title: 'Leads', rows: [] }],
        },
      ],
    });
    env = {
      ...seeded.env,
      ...sandbox.env,
      ...CRMS.reduce((all, provider) => ({ ...all, ...crmEnvFor(provider, crms[provider]) }), {}),
      ...googleSheetsEnvFor(google, ROBOT),
      OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
      PLAY_ITEM_LEASE_SECONDS: '2',
    };
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await slack?.close();
    for (const fake of Object.values(crms)) await fake.close();
    await google?.close();
    await remote?.drop();
    await seeded?.close();
  });

  const client = (url: string) => apiClient(url, seeded.token);
  const slackKeys = () => slackIdempotencyKeys(slack);

  it('delivers every (record, action) exactly once and finishes the run', async () => {
    let server: ServerProcess = startServer(env);
    try {
      const api = client(await listeningUrl(server));
      const cohort = await api<{ id: string }>(
        'POST',
        `/live-ops/api/v1/${COHORTS_API.segmentCohorts(seeded.allAccountsSegmentId)}`,
        { name: 'Killed run', filters: [{ field: 'name', operator: 'includes', value: names }] },
      );
      const play = await api<{ id: string; webhookSecrets: { secret: string }[] }>(
        'POST',
        `/api/v1/${PLAYS_API.list}`,
        {
          name: 'Slack + webhook',
          status: 'active',
          includeExisting: true,
          trigger: { type: 'cohort_entered', cohortId: cohort.id },
          actions: [
            { type: 'webhook', url: receiver.url, fields: { account: '{{account.name}}' } },
            { type: 'slack_message', channel: CHANNEL, text: '{{account.name}} entered' },
            { type: 'outreach_sequence', sequenceId: '1', email: 'buyer@{{account.domain}}' },
            {
              type: 'google_sheet_append',
              spreadsheetId: SHEET,
              tab: 'Leads',
              columns: [{ header: 'Account', value: '{{account.name}}' }],
            },
          ],
        },
      );
      receiver.useSecret(play.webhookSecrets[0]!.secret);
      // Records come in: a sync loads the warehouse, the snapshot after it starts the run.
      const source = await api<{ id: string }>('POST', '/composer/api/v1/sources', {
        type: 'postgres',
        name: 'Pings',
        config: remote.sourceConfig,
      });
      await api('PATCH', `/composer/api/v1/sources/${source.id}`, {
        selectedTables: [{ name: 'pings' }],
      });
      await api<Sync>('POST', `/composer/api/v1/sources/${source.id}/syncs`);
      // Killed when the receiver has accepted 2 webhooks (the others wait for an answer) and
      // Slack has a message (one a second: not all).
      await waitFor(
        () => (receiver.ids.length >= 2 && slackKeys().length >= 1 ? true : undefined),
        30_000,
      );
      await kill9(server);
      expect(new Set(receiver.ids).size).toBe(2);
      expect(slackKeys().length).toBeLessThan(RECORDS);
      receiver.release();

      server = startServer(env);
      const restarted = client(await listeningUrl(server));
      const [run] = await until(async () => {
        const runs = await restarted<PlayRun[]>('GET', `/api/v1/${PLAYS_API.runs(play.id)}`);
        return runs.length === 1 && runs[0]!.status !== 'running' ? runs : undefined;
      }, 30_000);
      const detail = await restarted<PlayRunDetail>(
        'GET',
        `/api/v1/${PLAYS_API.run(play.id, run!.id)}`,
      );
      const errors = detail.items.filter((item) => item.error).map((item) => item.error);
      expect(run, JSON.stringify(errors)).toMatchObject({
        status: 'succeeded',
        counts: { records: RECORDS, succeeded: 4 * RECORDS, failed: 0, pending: 0 },
      });
      expect(detail.items).toHaveLength(4 * RECORDS);
      // Exactly once by key at both receivers: the webhook receiver deduplicates a resend by
      // webhook-id; Slack's resend looked for its message first and posted nothing again.
      expect(new Set(receiver.ids).size).toBe(RECORDS);
      const keys = slackKeys();
      expect(new Set(keys).size).toBe(RECORDS);
      expect(keys).toHaveLength(RECORDS);
      // CRM tasks, Outreach sequence states and sheet rows: each created once, never again.
      const created = (fake: FakeProvider, kind: string) =>
        fake.oauth.received.filter((entry) => entry.kind === kind).length;
      const sheetRows = google.appended.flatMap((entry) => entry.values).slice(1);
      const duplicates = {
        webhook: receiver.ids.length - new Set(receiver.ids).size,
        slack_message: keys.length - new Set(keys).size,
        outreach_sequence: created(crms.outreach, 'sequenceState.created') - RECORDS,
        google_sheet_append: sheetRows.length - RECORDS,
      };
      console.info(
        `kill -9 mid-run, repeated deliveries per action type: ${JSON.stringify(duplicates)}`,
      );
      // Only webhooks in flight at the kill may arrive again: those the receiver held, and
      // those answered but not yet written down (at most the sender's 32 at a time; with
      // 6 records, every webhook can be in flight at once).
      expect(duplicates.webhook).toBeLessThanOrEqual(Math.min(RECORDS, 32));
      expect({ ...duplicates, webhook: 0 }).toEqual({
        webhook: 0,
        slack_message: 0,
        outreach_sequence: 0,
        google_sheet_append: 0,
      });
      expect(new Set(sheetRows.map((row) => row.at(-1))).size).toBe(RECORDS);
    } finally {
      await kill9(server);
    }
  }, 180_000);
});
