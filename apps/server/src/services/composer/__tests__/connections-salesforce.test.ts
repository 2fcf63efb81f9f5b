import { expect, it } from 'vitest';
import type { Connection } from '@revlane/contracts';
import { eq } from 'drizzle-orm';
import { sources } from '../../../platform/database/schema/index.js';
import { describeCrmConnection } from './crm-connection-suite.js';
import { authorizeUrlOf, connect } from './fake-provider.js';

describeCrmConnection({
  provider: 'salesforce',
  account: 'Revlane Sandbox (Salesforce)',
  access: 'read_write',
  counts: { Account: 300, Contact: 600, Opportunity: 450, Lead: 150, User: 5 },
  refreshes: true,
  clientRetries429: true,
  more: (context) => {
    it('lists every provider, Salesforce first (not connected where nothing is)', async () => {
      const { f } = context();
      const response = await f.call(f.eve, { method: 'GET', url: 'connections' });
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

    it('asks for PKCE and a state', async () => {
      const { f } = context();
      const url = await authorizeUrlOf(f, f.dana, 'salesforce');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    });

    it('lands what segments show: owner names, stage, ARR, lifecycle, and websites to join by domain', async () => {
      const { table, rows, count } = await context().landed();
      const owners = await rows(
        `SELECT OwnerName AS owner, count(*) AS n FROM ${table('Account')} GROUP BY 1 ORDER BY 1`,
      );
      expect(owners.map((r) => [r.owner, Number(r.n)])).toEqual(
        ['Aisha Okafor', 'Alex Member', 'Jonas Berg', 'Lucas Moreau', 'Priya Natarajan'].map(
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
      // The incremental runs after the first one kept what it landed.
      expect(await count(`SELECT count(*) AS n FROM ${table('Contact')}`)).toBe(600);
    });

    it('gives a connection made before Lead existed the Lead table on its next sync and reconnect', async () => {
      const { f, connection, syncNow } = context();
      const sourceId = (await connection()).sourceId!;
      // As a source created before Lead: neither selected nor ever landed.
      const withoutLead = async () => {
        const [source] = await f.t.database.db
          .select()
          .from(sources)
          .where(eq(sources.id, sourceId));
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
        const [source] = await f.t.database.db
          .select()
          .from(sources)
          .where(eq(sources.id, sourceId));
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
  },
});
