import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, Sync } from '@revlane/contracts';
import { eq } from 'drizzle-orm';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import { captureLogs } from '../../../../test/log-capture.js';
import { connections, sources } from '../../../platform/database/schema/index.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import {
  authorizeUrlOf,
  CLIENT,
  connect,
  consent,
  followCallback,
  startFakeProvider,
} from './fake-provider.js';
import { connectCrmStepStatus } from './crm-connection-suite.js';
import { countRows, landedQueries, waitForSync } from './sync-helpers.js';

type Fake = Awaited<ReturnType<typeof startFakeProvider>>;

/** Every file under a directory, read as text (tokens must appear in none of them). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [readFileSync(full, 'latin1')];
  });
}

describe('composer: Salesforce connection (jsforce against the Salesforce fake)', () => {
  let f: ComposerFixture;
  let fake: Fake;
  const logs = captureLogs();
  const bodies: string[] = [];
  const call = async (...args: Parameters<ComposerFixture['call']>) => {
    const response = await f.call(...args);
    bodies.push(response.body);
    return response;
  };
  const salesforce = async (user = f.dana) =>
    (await call(user, { method: 'GET', url: 'connections/salesforce' })).json<{
      data: Connection;
    }>().data;
  const syncNow = async () => {
    const started = await call(f.dana, { method: 'POST', url: 'connections/salesforce/syncs' });
    expect(started.statusCode).toBe(202);
    return waitForSync(f, f.dana, started.json<{ data: Sync }>().data.id);
  };

  beforeAll(async () => {
    fake = await startFakeProvider('salesforce');
    f = await createComposerFixture({
      env: {
        ...FAST_JOBS_ENV,
        LOG_LEVEL: 'info',
        SALESFORCE_CLIENT_ID: CLIENT.id,
        SALESFORCE_CLIENT_SECRET: CLIENT.secret,
        SALESFORCE_LOGIN_URL: fake.root,
      },
      logStream: logs.stream,
    });
  });
  afterAll(async () => {
    await f?.close();
    await fake?.close();
  });

  it('lists every provider, Salesforce not connected yet', async () => {
    const response = await call(f.dana, { method: 'GET', url: 'connections' });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ data: Connection[] }>().data;
    expect(list.map((c) => c.provider)).toEqual([
      'salesforce',
      'hubspot',
      'intercom',
      'outreach',
      'slack',
    ]);
    expect(list[0]).toMatchObject({ status: 'not_connected', sandbox: false, account: null });
  });

  it('asks for PKCE and a state, and "Deny" connects nothing (access_denied)', async () => {
    const url = await authorizeUrlOf(f, f.dana, 'salesforce');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    const { location } = await followCallback(f, await consent(url, 'deny'));
    expect(location.pathname).toBe('/app/connections');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'access_denied',
      provider: 'salesforce',
    });
    expect((await salesforce()).status).toBe('not_connected');
  });

  it('refuses a tampered state and connects nothing', async () => {
    const callback = await consent(await authorizeUrlOf(f, f.dana, 'salesforce'), 'allow');
    callback.searchParams.set('state', `${callback.searchParams.get('state')!.slice(0, -2)}xx`);
    const { location } = await followCallback(f, callback);
    expect(location.searchParams.get('error')).toBe('invalid_state');
    expect((await salesforce()).status).toBe('not_connected');
  });

  it('connects through the callback: tokens exchanged, org named, onboarding step done', async () => {
    const { location, callback } = await connect(f, f.dana, 'salesforce');
    expect(location.toString()).toBe(`${f.t.config.appUrl}/app/connections?connected=salesforce`);
    expect(await salesforce()).toMatchObject({
      status: 'connected',
      account: 'Revlane Sandbox (Salesforce)',
      access: 'read_write',
      sandbox: false,
      lastError: null,
    });
    expect(await connectCrmStepStatus(f)).toBe('completed');
    // The same callback again (a replayed state) is refused and changes nothing.
    const replay = await followCallback(f, callback);
    expect(replay.location.searchParams.get('error')).toBe('invalid_state');
    expect((await salesforce()).status).toBe('connected');
  });

  it('syncs accounts, contacts, leads, deals and owners page by page, with exact counts, through 429s', async () => {
    fake.oauth.throttleNext = 2;
    const run = await syncNow();
    expect(run.status).toBe('succeeded');
    const rows = Object.fromEntries(run.tables.map((t) => [t.name, t.rows]));
    expect(rows).toEqual({ Account: 300, Contact: 600, Opportunity: 450, Lead: 150, User: 5 });
    expect(fake.oauth.throttleNext).toBe(0);
    const accounts = run.tables.find((t) => t.name === 'Account')!;
    expect(await countRows(f, accounts.warehouseTable)).toBe(300);
    const connection = await salesforce();
    expect(connection.lastSyncAt).not.toBeNull();
    expect(connection.status).toBe('connected');
  });

  it('lands what segments show: owner names, stage, ARR, lifecycle, and websites to join by domain', async () => {
    const { sourceId } = await salesforce();
    const { table, rows } = landedQueries(f, sourceId!);
    const owners = await rows(
      `SELECT OwnerName AS owner, count(*) AS n FROM ${table('Account')} GROUP BY 1 ORDER BY 1`,
    );
    expect(owners.map((r) => [r.owner, Number(r.n)])).toEqual(
      ['Aisha Okafor', 'Jonas Berg', 'Lucas Moreau', 'Maya Chen', 'Priya Natarajan'].map(
        (owner) => [owner, 60],
      ),
    );
    // The name is the User table's: every account's owner joins to it.
    const [joined] = await rows(
      `SELECT count(*) AS n FROM ${table('Account')} a JOIN ${table('User')} u
       ON u.Id = a.OwnerId AND u.Name = a.OwnerName`,
    );
    expect(Number(joined!.n)).toBe(300);
    // Lifecycle: an account with a won opportunity is a customer (90), the rest prospects.
    const lifecycle = await rows(
      `SELECT Type AS type, count(*) AS n FROM ${table('Account')} GROUP BY 1 ORDER BY 1`,
    );
    expect(lifecycle.map((r) => [r.type, Number(r.n)])).toEqual([
      ['Customer - Direct', 90],
      ['Prospect', 210],
    ]);
    const [accounts] = await rows(
      `SELECT count(*) AS n FROM ${table('Account')}
       WHERE AnnualRevenue > 0 AND Website LIKE 'https://www.%'`,
    );
    expect(Number(accounts!.n)).toBe(300);
    const [deals] = await rows(
      `SELECT count(*) AS n FROM ${table('Opportunity')} o JOIN ${table('Account')} a ON a.Id = o.AccountId
       WHERE o.StageName IS NOT NULL AND o.OwnerName = a.OwnerName`,
    );
    expect(Number(deals!.n)).toBe(450);
    const [leads] = await rows(
      `SELECT count(*) AS n FROM ${table('Lead')} WHERE OwnerName IS NOT NULL`,
    );
    expect(Number(leads!.n)).toBe(150);
  });

  it('syncs incrementally on LastModifiedDate, after refreshing an expired session', async () => {
    fake.oauth.expireAccess();
    const run = await syncNow();
    expect(run.status).toBe('succeeded');
    expect(run.tables.every((t) => t.incremental && t.rows === 0)).toBe(true);
    expect(await countRows(f, run.tables.find((t) => t.name === 'Contact')!.warehouseTable)).toBe(
      600,
    );
  });

  it('gives a connection made before Lead existed the Lead table on its next sync and reconnect', async () => {
    const sourceId = (await salesforce()).sourceId!;
    // As a source created before Lead: neither selected nor ever landed.
    const withoutLead = async () => {
      const [source] = await f.t.database.db.select().from(sources).where(eq(sources.id, sourceId));
      await f.t.database.db
        .update(sources)
        .set({
          selectedTables: source!.selectedTables.filter((t) => t.name !== 'Lead'),
          landed: Object.fromEntries(
            Object.entries(source!.landed).filter(([name]) => name !== 'Lead'),
          ),
        })
        .where(eq(sources.id, sourceId));
    };
    const tableNames = async () => {
      const [source] = await f.t.database.db.select().from(sources).where(eq(sources.id, sourceId));
      return source!.selectedTables.map((t) => t.name).sort();
    };
    const all = ['Account', 'Contact', 'Lead', 'Opportunity', 'User'];
    await withoutLead();
    expect(await tableNames()).not.toContain('Lead');
    const run = await syncNow();
    expect(run.status).toBe('succeeded');
    expect(Object.fromEntries(run.tables.map((t) => [t.name, t.rows]))).toMatchObject({
      Lead: 150,
      Account: 0,
    });
    expect(await tableNames()).toEqual(all);
    await withoutLead();
    await connect(f, f.dana, 'salesforce');
    expect(await tableNames()).toEqual(all);
  });

  it('turns to reconnect_needed when the refresh is refused (invalid_grant), never a 500', async () => {
    fake.oauth.revokeAll();
    const run = await syncNow();
    expect(run.status).toBe('failed');
    expect(run.error).toContain('reconnect');
    const connection = await salesforce();
    expect(connection.status).toBe('reconnect_needed');
    expect(connection.lastError).toContain('Salesforce refused the saved authorization');
    const again = await call(f.dana, { method: 'POST', url: 'connections/salesforce/syncs' });
    expect(again.statusCode).toBe(409);
    // Reconnecting clears it.
    await connect(f, f.dana, 'salesforce');
    expect(await salesforce()).toMatchObject({ status: 'connected', lastError: null });
  });

  it('keeps another organization out: Eve sees Salesforce not connected and cannot sync it', async () => {
    expect(await salesforce(f.eve)).toMatchObject({
      status: 'not_connected',
      account: null,
      sourceId: null,
    });
    const sync = await call(f.eve, { method: 'POST', url: 'connections/salesforce/syncs' });
    expect(sync.statusCode).toBe(409);
  });

  it('never shows a token in a response, a log line or the data directory', async () => {
    const [row] = await f.t.database.db
      .select()
      .from(connections)
      .where(eq(connections.orgId, f.danaOrg));
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

  it('disconnects: revokes at Salesforce and forgets the tokens', async () => {
    const response = await call(f.dana, { method: 'DELETE', url: 'connections/salesforce' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Connection }>().data).toMatchObject({
      status: 'not_connected',
      account: null,
    });
    expect(fake.oauth.received.map((r) => r.kind)).toContain('revoke');
    const [row] = await f.t.database.db
      .select()
      .from(connections)
      .where(eq(connections.orgId, f.danaOrg));
    expect(row!.sealedTokens).toBeNull();
  });
});
