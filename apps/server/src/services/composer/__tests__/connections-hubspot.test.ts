import { expect, it } from 'vitest';
import { describeCrmConnection } from './crm-connection-suite.js';

describeCrmConnection({
  provider: 'hubspot',
  account: 'revlane-sandbox.hubspot.com',
  access: 'read_write',
  counts: { companies: 300, contacts: 600, deals: 450, owners: 5 },
  refreshes: true,
  more: (context) => {
    it('lands each deal with its company (associations API) and each contact with its company', async () => {
      const { table, count } = await context().landed();
      const joined = (from: string) =>
        `SELECT count(*) AS n FROM ${table(from)} r JOIN ${table('companies')} c ON c.id = r.associatedcompanyid`;
      // Every deal and contact of the sandbox belongs to one of its 300 companies.
      expect(await count(joined('deals'))).toBe(450);
      expect(await count(joined('contacts'))).toBe(600);
      expect(
        await count(`SELECT count(DISTINCT associatedcompanyid) AS n FROM ${table('deals')}`),
      ).toBe(300);
      // Owners, stage and ARR are there to show by name next to the company.
      expect(
        await count(
          `SELECT count(*) AS n FROM ${table('companies')} c JOIN ${table('owners')} o ON o.id = c.hubspot_owner_id
           WHERE c.annualrevenue > 0 AND c.lifecyclestage IS NOT NULL AND o.lastName IS NOT NULL`,
        ),
      ).toBe(300);
    });
  },
});
