import type { MappingBody, MappingRun } from '@revlane/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { asUser, type TestUser } from '../../../test/app.js';
import { FAST_JOBS_ENV } from '../../../test/jobs.js';
import {
  createComposerFixture,
  type ComposerFixture,
} from '../../services/composer/__tests__/composer-fixture.js';
import { syncNow, writeCsvSource } from '../../services/composer/__tests__/sync-helpers.js';

/**
 * A hand-checked dataset (ADR 0019): Initech's id twice, a user at gmail.com (free mail, never
 * matched although an account claims gmail.com), one at `WWW.ACME.COM` (matched to acme.com),
 * one at an unknown domain, a user id twice, and an event of an unknown user.
 */
export const ACCOUNTS_CSV = `account_id,company,website,plan,seats,mrr
a1,Acme,https://www.Acme.com/about,pro,10,990.5
a2,Globex,globex.io,starter,5,49
a3,Initech,initech.com,enterprise,100,5000
a3,Initech dup,initech.com,free,1,0
a4,Gmail Co,gmail.com,free,1,0
`;
export const USERS_CSV = `user_id,email,full_name,role
u1,ann@acme.com,Ann,admin
u2,bob@WWW.ACME.COM,Bob,member
u3,cat@globex.io,Cat,member
u4,dan@gmail.com,Dan,viewer
u5,eve@unknown.org,Eve,member
u5,eve2@unknown.org,Eve Two,member
u6,fay@initech.com,Fay,owner
`;
export const EVENTS_CSV = `user_id,event,ts
u1,login,2026-11-20 10:00:00
u1,page_view,2026-11-21 10:00:00
u3,login,2026-11-22 09:00:00
u9,login,2026-11-22 09:00:00
`;

export interface MappingFixture extends ComposerFixture {
  sources: { accounts: string; users: string; events: string };
  /** Rewrites a CSV source's file and syncs it. */
  land: (sourceId: string, content: string) => Promise<void>;
  mapping: () => MappingBody;
  /** `POST mapping/publish` and waits for the run to finish. */
  publish: () => Promise<MappingRun>;
  /** A live-ops call (path relative to its mount). */
  api: (
    user: TestUser,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  /** Polls until `done` holds (about 60 s at most). */
  until: (done: () => Promise<boolean>) => Promise<void>;
  /** Rows of a warehouse query; `{table}` names the organization's table. */
  rows: (sql: string) => Promise<Record<string, unknown>[]>;
}

/** Three CSV sources landed; on PostgreSQL's warehouse too when TEST_DATABASE_URL is set. */
export async function createMappingFixture(
  env: Record<string, string> = {},
): Promise<MappingFixture> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const f = await createComposerFixture({
    env: { ...FAST_JOBS_ENV, ...(pgUrl ? { WAREHOUSE_URL: pgUrl } : {}), ...env },
  });
  const land = async (sourceId: string, content: string) => {
    writeCsvSource(f, sourceId, content);
    const sync = await syncNow(f, f.dana, sourceId);
    if (sync.status !== 'succeeded') throw new Error(`sync: ${sync.error}`);
  };
  const csv = async (name: string, content: string) => {
    const source = await f.createSource(f.dana, { type: 'csv', name, config: { fileName: name } });
    await land(source.id, content);
    return source.id;
  };
  const sources = {
    accounts: await csv('accounts.csv', ACCOUNTS_CSV),
    users: await csv('users.csv', USERS_CSV),
    events: await csv('events.csv', EVENTS_CSV),
  };
  const engine = f.t.app.warehouse.engine;
  return {
    ...f,
    sources,
    land,
    mapping: () => ({
      accounts: {
        sourceId: sources.accounts,
        table: 'accounts.csv',
        columns: { id: 'account_id', name: 'company', domain: 'website' },
        attributes: ['plan', 'seats', 'mrr'],
      },
      users: {
        sourceId: sources.users,
        table: 'users.csv',
        columns: { id: 'user_id', email: 'email', name: 'full_name' },
        attributes: ['role'],
      },
      events: {
        sourceId: sources.events,
        table: 'events.csv',
        columns: { userId: 'user_id', name: 'event', occurredAt: 'ts' },
      },
    }),
    async publish() {
      const response = await f.call(f.dana, { method: 'POST', url: 'mapping/publish' });
      if (response.statusCode !== 202) throw new Error(`publish: ${response.body}`);
      const { id } = response.json<{ data: { id: string } }>().data;
      for (let polls = 0; polls < 600; polls += 1) {
        const run = await f.call(f.dana, { method: 'GET', url: `mapping/runs/${id}` });
        const data = run.json<{ data: MappingRun }>().data;
        if (['succeeded', 'failed'].includes(data.status)) return data;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the publish did not finish');
    },
    api: (user, method, url, payload) =>
      f.t.app.inject(
        asUser(user, { method, url: `/live-ops/api/v1/${url}`, ...(payload ? { payload } : {}) }),
      ),
    async until(done) {
      for (let polls = 0; polls < 600; polls += 1) {
        if (await done()) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('gave up waiting');
    },
    rows: (sql) =>
      engine.query(f.danaOrg, {
        sql: sql.replace(/\{(\w+)\}/g, (_, name: string) => engine.dialect.table(f.danaOrg, name)),
        params: [],
      }),
  };
}
