import { expect, test } from '@playwright/test';
import { removeDataDir, startServer, type RunningServer } from './support/server.js';
import { signInAsDemoUser } from './support/segment-page.js';

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * One CRM through the built-in sandbox (ADR 0021, 0028): "Try the sandbox" on the HubSpot
 * card, Allow on the fake's consent page, back on Connections with the toast, then a sync.
 */
test.describe('CRM connections in the sandbox', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({ port: 3195 });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  test('connects HubSpot in the sandbox and syncs it', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsDemoUser(page, `${server.url}/app/connections`);
    const crm = page.getByRole('region', { name: 'CRM & tools' });
    const hubspot = crm.getByRole('listitem', { name: 'HubSpot' });
    await expect(hubspot).toContainText('Not connected', { timeout: 30_000 });
    await expect(hubspot).toContainText('Sandbox');
    await hubspot.getByRole('button', { name: 'Try the sandbox' }).click();

    await expect(page.getByRole('heading', { name: 'HubSpot sandbox' })).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();

    await expect(page).toHaveURL(/\/app\/connections$/);
    await expect(page.getByText('HubSpot connected')).toBeVisible();
    await expect(hubspot).toContainText('Connected');
    await expect(hubspot).toContainText('revlane-sandbox.hubspot.com');

    await hubspot.getByRole('button', { name: 'Sync now' }).click();
    await expect(hubspot.getByRole('button', { name: 'Sync now' })).toBeEnabled({
      timeout: 90_000,
    });
    await expect(hubspot).not.toContainText('Last sync—', { timeout: 30_000 });
    await page.screenshot({ path: '/tmp/i14-crm-hubspot-synced.png' });
  });
});
