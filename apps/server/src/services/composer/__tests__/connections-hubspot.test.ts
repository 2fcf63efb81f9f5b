import { CLIENT, describeCrmConnection } from './crm-connection-suite.js';

describeCrmConnection({
  provider: 'hubspot',
  env: (root) => ({
    HUBSPOT_CLIENT_ID: CLIENT.id,
    HUBSPOT_CLIENT_SECRET: CLIENT.secret,
    HUBSPOT_AUTHORIZE_URL: `${root}/oauth/authorize`,
    HUBSPOT_API_URL: root,
  }),
  account: 'revlane-sandbox.hubspot.com',
  access: 'read',
  counts: { companies: 300, contacts: 600, deals: 450, owners: 5 },
  refreshes: true,
});
