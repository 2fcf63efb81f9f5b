import { expect, test } from '@playwright/test';
import { cardOf, connectInSandbox, syncCrm } from './support/crm-sandbox.js';
import { startServer, stopAndRemove, type RunningServer } from './support/server.js';
import {
  acceptDemoUserTerms,
  addIsAnyOfFilter,
  openSegmentFromMenu,
  pickOption,
  readTotal,
  signInAsReturningDemoUser,
} from './support/segment-page.js';
import { pickAll } from './support/mapping-editor.js';
import { readSandboxSlack } from './support/sandbox-slack.js';

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * The connections through the built-in sandbox (ADR 0021, 0028): a CRM connected and synced,
 * Slack's channel picker and test message on the profile (ADR 0025), and Salesforce records
 * mapped into the accounts a segment shows (ADR 0019).
 */
test.describe('CRM connections in the sandbox', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({ port: 3195 });
    await acceptDemoUserTerms(server.url);
  });

  test.afterAll(async () => {
    await stopAndRemove(server);
  });

  test('connects HubSpot in the sandbox and syncs it', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsReturningDemoUser(page, `${server.url}/app/connections`);
    const hubspot = cardOf(page, 'HubSpot');
    await connectInSandbox(page, hubspot, 'HubSpot');
    await expect(hubspot).toContainText('revlane-sandbox.hubspot.com');
    await syncCrm(hubspot);
    await page.screenshot({ path: '/tmp/i14-crm-hubspot-synced.png' });
  });

  test('connects Slack in the sandbox, picks a channel and sends a test message to it', async ({
    page,
  }) => {
    // A minute on a loaded machine: two pages and an OAuth round trip.
    test.setTimeout(120_000);
    await signInAsReturningDemoUser(page, `${server.url}/app/connections`);
    const slack = cardOf(page, 'Slack');
    await connectInSandbox(page, slack, 'Slack');
    await expect(slack).toContainText('Revlane Sandbox');

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

    const received = await readSandboxSlack(server.url);
    const posted = received.filter((entry) => entry.kind === 'chat.postMessage');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ channel: 'CSBX00004' });
    expect(posted[0]!.body.text).toContain('Test message from Revlane');
  });

  test('connects Salesforce in the sandbox, syncs it, maps accounts with CRM owner, lifecycle and ARR, and a segment filters on and shows them', async ({
    page,
  }) => {
    // A sync, a publish and a segment page: minutes on a loaded machine.
    test.setTimeout(300_000);
    await signInAsReturningDemoUser(page, `${server.url}/app/connections`);
    const salesforce = cardOf(page, 'Salesforce');
    await connectInSandbox(page, salesforce, 'Salesforce');
    await expect(salesforce).toContainText('Revlane Sandbox (Salesforce)');
    await syncCrm(salesforce);

    // The connection's records land as a source: 300 accounts, 600 contacts, 450
    // opportunities, 150 leads and 5 users.
    const source = page
      .getByRole('region', { name: 'Data sources' })
      .getByRole('listitem', { name: 'Salesforce (Sandbox)' });
    await expect(source).toContainText('1,505', { timeout: 30_000 });
    await source.getByRole('button', { name: 'Map to accounts and contacts' }).click();
    const editor = page.getByRole('dialog', { name: 'Map to accounts and contacts' });
    await pickAll(page, editor.getByRole('region', { name: 'Accounts' }), [
      ['Table', 'Account'],
      ['Account id', 'Id'],
      ['Name', 'Name'],
      ['Domain or website', 'Website'],
      // CRM fields as custom attributes (ADR 0026): owner name, lifecycle, ARR.
      ['Attributes', 'OwnerName'],
      ['Attributes', 'Type'],
      ['Attributes', 'AnnualRevenue'],
    ]);
    await pickAll(page, editor.getByRole('region', { name: 'Users (contacts)' }), [
      ['Table', 'Contact'],
      ['User id', 'Id'],
      ['Email', 'Email'],
      ['Account id', 'AccountId'],
    ]);
    await expect(editor.getByRole('region', { name: 'Preview' })).toContainText(
      '600 of 600 users matched to an account, 100%',
      { timeout: 30_000 },
    );
    await editor.getByRole('button', { name: 'Publish' }).click();
    await expect(editor.getByText(/^Published: [\d,]+ rows/)).toBeVisible({ timeout: 90_000 });
    await editor.getByRole('button', { name: 'Close' }).last().click();

    // The sandbox's accounts are named and domained as the demo's first accounts.
    await openSegmentFromMenu(page, 'All accounts');
    await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => readTotal(page), { timeout: 30_000 }).toBe(300);
    // Salesforce's Website (https://www.…) became the domain the product's accounts join by.
    await expect(
      page.locator('.ant-table-row').filter({ hasText: 'Acme Analytics' }).first(),
    ).toContainText('acmeanalytics.com');

    // The CRM's owner and lifecycle filter the segment: Lucas Moreau owns 60 accounts, 30 of
    // them customers (a won opportunity).
    await addIsAnyOfFilter(page, 'OwnerName', 'Lucas Moreau');
    await expect.poll(() => readTotal(page), { timeout: 30_000 }).toBe(60);
    await addIsAnyOfFilter(page, 'Type', 'Customer - Direct');
    await expect.poll(() => readTotal(page), { timeout: 30_000 }).toBe(30);
    // And show as columns: the owner's name and the ARR beside each account.
    await page.getByRole('button', { name: 'Columns' }).click();
    for (const column of ['OwnerName', 'AnnualRevenue']) {
      await page.getByRole('checkbox', { name: column }).click();
      await expect(page.getByRole('checkbox', { name: column })).toBeChecked();
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-table-row').first()).toContainText('Lucas Moreau');
    await page.screenshot({ path: '/tmp/i14-crm-salesforce-segment.png' });
  });
});
