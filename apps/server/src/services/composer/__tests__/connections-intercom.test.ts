import { expect, it } from 'vitest';
import { describeCrmConnection } from './crm-connection-suite.js';
import { consent, followCallback } from './fake-provider.js';

describeCrmConnection({
  provider: 'intercom',
  account: 'Revlane Sandbox (Intercom)',
  access: 'read',
  counts: { companies: 300, contacts: 600, admins: 5 },
  readWhole: ['admins'],
  refreshes: false,
  more: (context) => {
    it('lands the admins that name the owners of contacts', async () => {
      const { table, rows } = await context().landed();
      const owners = await rows(
        `SELECT a.name AS owner, count(*) AS n FROM ${table('contacts')} c
         JOIN ${table('admins')} a ON a.id = c.owner_id GROUP BY 1 ORDER BY 1`,
      );
      expect(owners.map((r) => [r.owner, Number(r.n)])).toEqual(
        ['Aisha Okafor', 'Alex Member', 'Jonas Berg', 'Lucas Moreau', 'Priya Natarajan'].map(
          (owner) => [owner, 120],
        ),
      );
    });

    it('grants write access by a second authorization; Deny keeps read access', async () => {
      const { f, connection: intercom } = context();
      const authorize = async () => {
        const started = await f.call(f.dana, {
          method: 'POST',
          url: 'connections/intercom/write-access',
        });
        expect(started.statusCode).toBe(200);
        return new URL(started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl);
      };
      const denied = await followCallback(f, await consent(await authorize(), 'deny'));
      expect(denied.location.searchParams.get('error')).toBe('access_denied');
      expect(await intercom()).toMatchObject({ status: 'connected', access: 'read' });
      const granted = await followCallback(f, await consent(await authorize(), 'allow'));
      expect(granted.location.searchParams.get('connected')).toBe('intercom');
      expect(await intercom()).toMatchObject({ status: 'connected', access: 'read_write' });
      // Eve's organization has no Intercom connection to upgrade: hers stays not connected.
      expect((await intercom(f.eve)).access).toBeNull();
    });
  },
});
