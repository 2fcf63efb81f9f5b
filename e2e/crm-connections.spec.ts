import { expect, test } from '@playwright/test';
import { removeDataDir, startServer, type RunningServer } from './support/server.js';
import { pickOption, signInAsDemoUser } from './support/segment-page.js';

/** What the app's Slack fake recorded (ADR 0021): one entry per call it received. */
interface SlackReceived {
  kind: string;
  body: { channel?: string; text?: string };
}

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * The connections through the built-in sandbox (ADR 0021, 0028): "Try the sandbox" on a
 * card, Allow on the fake's consent page, back on Connections with the toast; then a CRM
 * sync, and Slack's channel picker and test message on the profile (ADR 0025).
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

  test('connects Slack in the sandbox, picks a channel and sends a test message to it', async ({
    page,
  }) => {
    await signInAsDemoUser(page, `${server.url}/app/connections`);
    const slack = page
      .getByRole('region', { name: 'CRM & tools' })
      .getByRole('listitem', { name: 'Slack' });
    await expect(slack).toContainText('Not connected', { timeout: 30_000 });
    await slack.getByRole('button', { name: 'Try the sandbox' }).click();

    await expect(page.getByRole('heading', { name: 'Slack sandbox' })).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/app\/connections$/);
    await expect(page.getByText('Slack connected')).toBeVisible();
    await expect(slack).toContainText('Connected');
    await expect(slack).toContainText('Revlane Sandbox');
    await expect(slack).toContainText('Sandbox');

    await page.goto(`${server.url}/app/profile`);
    const notifications = page.getByRole('region', { name: 'Slack notifications' });
    const send = notifications.getByRole('button', { name: 'Send test message' });
    await expect(send).toBeDisabled({ timeout: 30_000 });
    // The picker lists the sandbox workspace's channels (all pages of conversations.list).
    await pickOption(page, 'Slack channel', '#customer-success');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(notifications.getByRole('status')).toHaveText(
      'Test message sent to #customer-success',
    );

    const received = (await (
      await fetch(`${server.url}/sandbox/slack/received`)
    ).json()) as SlackReceived[];
    const posted = received.filter((entry) => entry.kind === 'chat.postMessage');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ channel: 'CSBX00004' });
    expect(posted[0]!.body.text).toContain('Test message from Revlane');
  });
});
