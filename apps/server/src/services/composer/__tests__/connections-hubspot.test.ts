import { expect, it } from 'vitest';
import type { Connection } from '@revlane/contracts';
import { CLIENT, describeCrmConnection } from './crm-connection-suite.js';
import { landedQueries } from './sync-helpers.js';

describeCrmConnection({
  provider: 'hubspot',
  env: (root) => ({
    HUBSPOT_CLIENT_ID: CLIENT.id,
    HUBSPOT_CLIENT_SECRET: CLIENT.secret,
    HUBSPOT_AUTHORIZE_URL: `${root}/oauth/authorize`,
    HUBSPOT_API_URL: root,
  }),
  account: 'revlane-sandbox.hubspot.com',
  access: 'read_write',
  counts: { companies: 300, contacts: 600, deals: 450, owners: 5 },
  refreshes: true,
  more: (context) => {
    it('lands each deal with its company (associations API) and each contact with its company', async () => {
      const { f } = context();
      const hubspot = (await f.call(f.dana, { method: 'GET', url: 'connections/hubspot' })).json<{
        data: Connection;
      }>().data;
      const { table, count } = landedQueries(f, hubspot.sourceId!);
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
