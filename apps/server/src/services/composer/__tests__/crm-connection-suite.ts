import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTION_LABELS,
  type Connection,
  type ConnectionAccess,
  type CrmProvider,
  type Sync,
} from '@revlane/contracts';
import { and, eq } from 'drizzle-orm';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import { captureLogs } from '../../../../test/log-capture.js';
import { connections } from '../../../platform/database/schema/index.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import {
  authorizeUrlOf,
  connect,
  consent,
  crmEnvFor,
  followCallback,
  startFakeProvider,
  type FakeProvider,
} from './fake-provider.js';
import { countRows, landedQueries, waitForSync } from './sync-helpers.js';

/** Every file under a directory, read as text (tokens must appear in none of them). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [readFileSync(full, 'latin1')];
  });
}

/** Home's onboarding step a CRM connection completes (docs/architecture.md §6, Home). */
export async function connectCrmStepStatus(f: ComposerFixture) {
  const steps = await f.t.app.inject({
    method: 'GET',
    url: '/user/api/v1/users/me/onboarding-steps',
    headers: { authorization: `Bearer ${f.dana.token}` },
  });
  return steps
    .json<{ data: { id: string; status: string }[] }>()
    .data.find((step) => step.id === 'connect-my-crm')?.status;
}

export interface CrmSuiteOptions {
  provider: CrmProvider;
  account: string;
  access: ConnectionAccess;
  /** Exact rows per table of the first (full) sync. */
  counts: Record<string, number>;
  /** Tables without a modified date, read whole on every run (Intercom's admins). */
  readWhole?: string[];
  /** Whether the provider's access tokens expire and are refreshed (Intercom's do not). */
  refreshes: boolean;
  /**
   * Whether the provider's client retries a 429 itself on its own backoff, not Retry-After
   * (jsforce does for Salesforce): the sync's time then says nothing of Retry-After.
   */
  clientRetries429?: boolean;
  /** Extra checks on the running fixture, after the round trip and the first sync. */
  more?: (context: () => CrmSuiteContext) => void;
}

export interface CrmSuiteContext {
  f: ComposerFixture;
  fake: FakeProvider;
  /** The provider's connection as `user` (Dana by default) sees it. */
  connection: (user?: ComposerFixture['dana']) => Promise<Connection>;
  /** Starts a sync of the connection and waits for its end. */
  syncNow: () => Promise<Sync>;
  /** Queries over the tables the connection's source landed. */
  landed: () => Promise<ReturnType<typeof landedQueries>>;
}

/**
 * The tests every OAuth CRM passes against its fake and its real client library
 * (docs/architecture.md §6, Connections): the round trip through the callback, Deny, a
 * tampered and a replayed state, a paged sync with exact counts through 429s, an incremental
 * run after a refresh, `invalid_grant` → reconnect_needed, another organization kept out,
 * tokens nowhere, and disconnect revoking at the provider.
 */
export function describeCrmConnection(options: CrmSuiteOptions) {
  const { provider } = options;
  const label = CONNECTION_LABELS[provider];

  // Syncs wait out real Retry-After seconds on a shared machine: generous per-test time.
  describe(
    `composer: ${label} connection (its client against the ${label} fake)`,
    { timeout: 120_000 },
    () => {
      let f: ComposerFixture;
      let fake: FakeProvider;
      const logs = captureLogs();
      const bodies: string[] = [];
      const call = async (...args: Parameters<ComposerFixture['call']>) => {
        const response = await f.call(...args);
        bodies.push(response.body);
        return response;
      };
      const connection = async (user = f.dana) =>
        (await call(user, { method: 'GET', url: `connections/${provider}` })).json<{
          data: Connection;
        }>().data;
      const syncNow = async () => {
        const started = await call(f.dana, {
          method: 'POST',
          url: `connections/${provider}/syncs`,
        });
        expect(started.statusCode).toBe(202);
        return waitForSync(f, f.dana, started.json<{ data: Sync }>().data.id);
      };

      beforeAll(async () => {
        fake = await startFakeProvider(provider);
        f = await createComposerFixture({
          env: { ...FAST_JOBS_ENV, LOG_LEVEL: 'info', ...crmEnvFor(provider, fake) },
          logStream: logs.stream,
        });
      });
      afterAll(async () => {
        await f?.close();
        await fake?.close();
      });

      it('"Deny" connects nothing (access_denied), and a tampered state is refused', async () => {
        const denied = await followCallback(
          f,
          await consent(await authorizeUrlOf(f, f.dana, provider), 'deny'),
        );
        expect(denied.location.pathname).toBe('/app/connections');
        expect(Object.fromEntries(denied.location.searchParams)).toEqual({
          error: 'access_denied',
          provider,
        });
        const callback = await consent(await authorizeUrlOf(f, f.dana, provider), 'allow');
        callback.searchParams.set('state', `${callback.searchParams.get('state')!.slice(0, -2)}xx`);
        const tampered = await followCallback(f, callback);
        expect(tampered.location.searchParams.get('error')).toBe('invalid_state');
        expect((await connection()).status).toBe('not_connected');
      });

      it('connects through the callback (completing "connect-my-crm"), and a replayed state changes nothing', async () => {
        expect(await connectCrmStepStatus(f)).not.toBe('completed');
        const { location, callback } = await connect(f, f.dana, provider);
        expect(location.toString()).toBe(
          `${f.t.config.appUrl}/app/connections?connected=${provider}`,
        );
        expect(await connection()).toMatchObject({
          status: 'connected',
          account: options.account,
          access: options.access,
          sandbox: false,
          lastError: null,
        });
        expect(await connectCrmStepStatus(f)).toBe('completed');
        const replay = await followCallback(f, callback);
        expect(replay.location.searchParams.get('error')).toBe('invalid_state');
        expect((await connection()).status).toBe('connected');
      });

      it('syncs every object page by page with exact counts, waiting out 429s by Retry-After', async () => {
        fake.oauth.throttleNext = 2;
        const started = Date.now();
        const run = await syncNow();
        expect(run).toMatchObject({ status: 'succeeded', error: null });
        expect(Object.fromEntries(run.tables.map((t) => [t.name, t.rows]))).toEqual(options.counts);
        expect(fake.oauth.throttleNext).toBe(0);
        // Two 429s with `Retry-After: 1`, each waited out.
        if (!options.clientRetries429) expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
        const [name, count] = Object.entries(options.counts)[0]!;
        const table = run.tables.find((t) => t.name === name)!;
        expect(await countRows(f, table.warehouseTable)).toBe(count);
        expect((await connection()).lastSyncAt).not.toBeNull();
      });

      it('syncs incrementally on the modified date (after a refresh where tokens expire)', async () => {
        const issuedBefore = fake.oauth.issued.length;
        if (options.refreshes) fake.oauth.expireAccess();
        const run = await syncNow();
        expect(run).toMatchObject({ status: 'succeeded', error: null });
        const whole = new Set(options.readWhole ?? []);
        expect(
          Object.fromEntries(run.tables.map((t) => [t.name, [t.incremental, t.rows]])),
        ).toEqual(
          Object.fromEntries(
            Object.entries(options.counts).map(([name, rows]) =>
              whole.has(name) ? [name, [false, rows]] : [name, [true, 0]],
            ),
          ),
        );
        // A refresh issues one new access token, which the next calls used.
        expect(fake.oauth.issued.length).toBe(issuedBefore + (options.refreshes ? 1 : 0));
      });

      it('turns to reconnect_needed when the authorization is refused (invalid_grant), never a 500', async () => {
        fake.oauth.revokeAll();
        const run = await syncNow();
        expect(run.status).toBe('failed');
        expect(run.error).toContain('reconnect');
        const refused = await connection();
        expect(refused.status).toBe('reconnect_needed');
        expect(refused.lastError).toContain(`${label} refused the saved authorization`);
        const again = await call(f.dana, { method: 'POST', url: `connections/${provider}/syncs` });
        expect(again.statusCode).toBe(409);
        await connect(f, f.dana, provider);
        expect(await connection()).toMatchObject({ status: 'connected', lastError: null });
      });

      const landed = async () => landedQueries(f, (await connection()).sourceId!);
      options.more?.(() => ({ f, fake, connection, syncNow, landed }));

      it('keeps another organization out: Eve sees it not connected and cannot sync it', async () => {
        expect(await connection(f.eve)).toMatchObject({
          status: 'not_connected',
          account: null,
          sourceId: null,
        });
        const sync = await call(f.eve, { method: 'POST', url: `connections/${provider}/syncs` });
        expect(sync.statusCode).toBe(409);
      });

      it('never shows a token in a response, a log line or the data directory', async () => {
        const [row] = await f.t.database.db
          .select()
          .from(connections)
          .where(and(eq(connections.orgId, f.danaOrg), eq(connections.provider, provider)));
        expect(row!.sealedTokens).toMatch(/^v1\./);
        const tokens = fake.oauth.issued;
        expect(tokens.length).toBeGreaterThan(3);
        const haystacks = [
          ...bodies,
          logs.text(),
          row!.sealedTokens!,
          ...filesUnder(f.t.config.dataDir),
        ];
        for (const token of tokens) for (const text of haystacks) expect(text).not.toContain(token);
      });

      it(`disconnects: revokes at ${label} and forgets the tokens`, async () => {
        const response = await call(f.dana, { method: 'DELETE', url: `connections/${provider}` });
        expect(response.statusCode).toBe(200);
        expect(response.json<{ data: Connection }>().data).toMatchObject({
          status: 'not_connected',
          account: null,
        });
        expect(fake.oauth.received.map((r) => r.kind)).toContain('revoke');
        const [row] = await f.t.database.db
          .select()
          .from(connections)
          .where(and(eq(connections.orgId, f.danaOrg), eq(connections.provider, provider)));
        expect(row!.sealedTokens).toBeNull();
      });
    },
  );
}
