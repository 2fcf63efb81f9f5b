import { CLIENT, describeCrmConnection } from './crm-connection-suite.js';

describeCrmConnection({
  provider: 'outreach',
  env: (root) => ({
    OUTREACH_CLIENT_ID: CLIENT.id,
    OUTREACH_CLIENT_SECRET: CLIENT.secret,
    OUTREACH_AUTHORIZE_URL: `${root}/oauth/authorize`,
    OUTREACH_API_URL: root,
  }),
  account: 'Revlane Sandbox (Outreach)',
  access: 'read',
  counts: { accounts: 300, prospects: 600 },
  refreshes: true,
});
