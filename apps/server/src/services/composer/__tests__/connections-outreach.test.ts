import { expect, it } from 'vitest';
import { describeCrmConnection } from './crm-connection-suite.js';

describeCrmConnection({
  provider: 'outreach',
  account: 'Revlane Sandbox (Outreach)',
  access: 'read_write',
  counts: { accounts: 300, prospects: 600, users: 5, stages: 5 },
  refreshes: true,
  more: (context) => {
    it('lands the users and stages that name the owners and stages of prospects', async () => {
      const { table, rows, count } = await context().landed();
      // Every account's and prospect's owner is a landed user, shown by name.
      expect(
        await count(
          `SELECT count(*) AS n FROM ${table('accounts')} a JOIN ${table('users')} u ON u.id = a.ownerId
           WHERE a.domain IS NOT NULL AND u.name IS NOT NULL`,
        ),
      ).toBe(300);
      const stages = await rows(
        `SELECT s.name AS stage, count(*) AS n FROM ${table('prospects')} p
         JOIN ${table('users')} u ON u.id = p.ownerId
         JOIN ${table('stages')} s ON s.id = p.stageId GROUP BY s.name, s."order" ORDER BY s."order"`,
      );
      expect(stages.map((r) => [r.stage, Number(r.n)])).toEqual([
        ['Cold', 120],
        ['Approaching', 120],
        ['Replied', 120],
        ['Interested', 120],
        ['Not Interested', 120],
      ]);
    });
  },
});
