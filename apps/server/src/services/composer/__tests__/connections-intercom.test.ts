import { expect, it } from 'vitest';
import type { Connection } from '@revlane/contracts';
import { CLIENT, describeCrmConnection } from './crm-connection-suite.js';
import { consent, followCallback } from './fake-provider.js';

describeCrmConnection({
  provider: 'intercom',
  env: (root) => ({
    INTERCOM_CLIENT_ID: CLIENT.id,
    INTERCOM_CLIENT_SECRET: CLIENT.secret,
    INTERCOM_AUTHORIZE_URL: `${root}/oauth`,
    INTERCOM_API_URL: root,
  }),
  account: 'Revlane Sandbox (Intercom)',
  access: 'read',
  counts: { companies: 300, contacts: 600 },
  refreshes: false,
  more: (context) => {
    it('grants write access by a second authorization; Deny keeps read access', async () => {
      const { f } = context();
      const intercom = async () =>
        (await f.call(f.dana, { method: 'GET', url: 'connections/intercom' })).json<{
          data: Connection;
        }>().data;
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
      const eve = await f.call(f.eve, { method: 'GET', url: 'connections/intercom' });
      expect(eve.json<{ data: Connection }>().data.access).toBeNull();
    });
  },
});
