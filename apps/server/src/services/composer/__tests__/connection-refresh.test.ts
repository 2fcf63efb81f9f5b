import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../platform/database/database.js';
import { connections } from '../../../platform/database/schema/index.js';
import { createLocks, type Locks } from '../../../platform/locks/index.js';
import { ConnectionSession, sealTokens } from '../../../integrations/core/connection-session.js';
import { findConnection } from '../../../integrations/core/connections.repository.js';
import type { FakeOAuth } from '../../../integrations/core/fake-oauth.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import { crmEnvFor, startFakeProvider, type FakeProvider } from './fake-provider.js';

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * ADR 0035: sessions on one connection (a play run and a sync, maybe on two workers) refresh
 * its tokens one at a time. The fake rotates refresh tokens, so a second refresh with the old
 * one would be `invalid_grant` and turn the connection to `reconnect_needed`. On PostgreSQL the
 * second session is another process's: its own pool and its own lock connection.
 */
describe('ConnectionSession: concurrent refreshes of one connection', () => {
  let f: ComposerFixture;
  let fake: FakeProvider;
  let other: DatabaseHandle | null = null;
  let otherLocks: Locks | null = null;
  let refreshes: MockInstance<FakeOAuth['refreshAccess']>;

  beforeAll(async () => {
    fake = await startFakeProvider('hubspot');
    fake.oauth.rotateRefreshTokens = true;
    f = await createComposerFixture({ env: crmEnvFor('hubspot', fake) });
    if (pgUrl) {
      const pool = (f.t.database.db as unknown as { $client: pg.Pool }).$client;
      other = await openDatabase({ kind: 'postgres', url: pool.options.connectionString! });
      otherLocks = createLocks({ kind: 'postgres', connection: pool.options }, f.t.app.log);
    }
  });
  afterAll(async () => {
    await otherLocks?.close();
    await other?.close();
    await f?.close();
    await fake?.close();
  });

  /** Dana's HubSpot connection, its access token a minute from expiry (inside the margin). */
  beforeEach(async () => {
    await f.t.app.db.delete(connections).where(eq(connections.orgId, f.danaOrg));
    const id = randomUUID();
    const { accessToken, refreshToken } = fake.oauth.issueTokens();
    await f.t.app.db.insert(connections).values({
      id,
      orgId: f.danaOrg,
      provider: 'hubspot',
      status: 'connected',
      account: 'Revlane Sandbox',
      sealedTokens: sealTokens(f.t.app.secrets, id, {
        accessToken,
        refreshToken,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    });
    refreshes = vi.spyOn(fake.oauth, 'refreshAccess');
  });
  afterEach(() => refreshes.mockRestore());

  /** Two sessions opened on the connection as it is now, the second in "another process". */
  async function twoSessions() {
    const { db, secrets, locks, config } = f.t.app;
    const record = (await findConnection(db, f.danaOrg, 'hubspot'))!;
    const second = other ? { db: other.db, secrets, locks: otherLocks! } : { db, secrets, locks };
    return [
      new ConnectionSession(f.t.app, record, config.connections.hubspot),
      new ConnectionSession(second, record, config.connections.hubspot),
    ] as const;
  }

  it('renewing at once: one refresh grant, both sessions on the same live token', async () => {
    const [first, second] = await twoSessions();
    const [tokens, others] = await Promise.all([first.current(), second.current()]);
    expect(refreshes).toHaveBeenCalledTimes(1);
    expect(others.accessToken).toBe(tokens.accessToken);
    expect(fake.oauth.isAuthorized(`Bearer ${tokens.accessToken}`)).toBe(true);
    const saved = (await findConnection(f.t.app.db, f.danaOrg, 'hubspot'))!;
    expect(saved.status).toBe('connected');
    expect(saved.lastError).toBeNull();
  });

  it('a session renewing after another already did adopts its tokens (a 401 after a refresh)', async () => {
    const [first, second] = await twoSessions();
    await first.renew();
    await second.renew();
    expect(refreshes).toHaveBeenCalledTimes(1);
    expect(second.stored).toEqual(first.stored);
    // And its own next refresh uses the rotated refresh token, not the revoked one.
    await second.renew();
    expect(refreshes).toHaveBeenCalledTimes(2);
    expect(fake.oauth.isAuthorized(`Bearer ${second.stored.accessToken}`)).toBe(true);
    expect((await findConnection(f.t.app.db, f.danaOrg, 'hubspot'))!.status).toBe('connected');
  });
});
