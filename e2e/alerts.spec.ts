import { expect, test, type Page } from '@playwright/test';
import { loadMoreAccounts } from './support/demo-load.js';
import { connectSandboxSlack, readSandboxSlack } from './support/sandbox-slack.js';
import { openSegmentFromMenu, pickOption, signInAsDemoUser } from './support/segment-page.js';
import { startServer, stopAndRemove, type RunningServer } from './support/server.js';

const PORT = 3116;

test.use({ viewport: { width: 1440, height: 960 } });

const COHORT_URL = /\/app\/segments\/[^/?]+\/[^/?]+/;

/**
 * Opens a cohort of the segment on screen and waits until it is counted (its first snapshot
 * exists), so the alert's baseline is set. A click that landed while the cohort list was
 * re-rendering is made again (seen once in CI: the URL stayed on the segment).
 */
async function openCountedCohort(page: Page, name: string) {
  const cohorts = page.getByRole('list', { name: 'Cohorts of this segment' });
  await expect(async () => {
    if (COHORT_URL.test(page.url())) {
      await page.reload();
    } else {
      await cohorts.getByRole('link', { name }).click();
      await page.waitForURL(COHORT_URL, { timeout: 10_000 });
    }
    await expect(page.getByText(/^[\d.,]+[KkMm]? members?$/).first()).toBeVisible({
      timeout: 10_000,
    });
  }).toPass({ timeout: 180_000 });
}

test.describe('alerts', () => {
  let server: RunningServer;

  test.afterAll(async () => {
    await stopAndRemove(server);
  });

  test('an alert on a cohort fires after a load brings new records: unread badge, firing, Slack message', async ({
    page,
  }) => {
    test.setTimeout(1_200_000);
    server = await startServer({ port: PORT });
    await connectSandboxSlack(server.url);
    await signInAsDemoUser(page, `${server.url}/app/home`);
    await openSegmentFromMenu(page, 'All accounts');
    await openCountedCohort(page, 'Paying customers');

    await page.getByRole('button', { name: 'Alert me' }).click();
    const form = page.getByRole('dialog', { name: 'New alert' });
    await form.getByLabel('Name').fill('Paying e2e');
    await pickOption(page, 'Slack channel', '#alerts');
    await form.getByRole('button', { name: 'Create alert' }).click();
    await expect(form).toBeHidden();

    // A load with more accounts; the restart's "warehouse loaded" snapshots the cohorts.
    const { dataDir } = server;
    await server.stop();
    await loadMoreAccounts(dataDir);
    server = await startServer({ port: PORT, dataDir });

    const menu = page.getByRole('menu', { name: 'Main' });
    await expect(async () => {
      await page.goto(`${server.url}/app/home`);
      await expect(menu.getByLabel(/\d+ unread/)).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 180_000 });

    await menu.getByRole('link', { name: /Alerts/ }).click();
    await page.getByRole('list', { name: 'Unread firings' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Paying e2e', level: 1 })).toBeVisible();
    const firing = page
      .getByRole('list', { name: 'Firings' })
      .getByRole('listitem', { name: /^Firing of/ })
      .first();
    await expect(firing.getByRole('heading')).toContainText(/Paying e2e: \d+ new records?/);
    await expect(
      firing.getByRole('link', { name: /^Open these \d+ records? in the segment$/ }),
    ).toBeVisible();

    await expect(async () => {
      const received = await readSandboxSlack(server.url);
      const alerts = received.filter((r) => r.body.metadata?.event_type === 'revlane_alert');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.body).toMatchObject({ channel: 'CSBX00003' });
      expect(alerts[0]!.body.text).toMatch(/^Paying e2e: \d+ new records?$/);
    }).toPass({ timeout: 60_000 });
    await expect(firing.getByRole('list', { name: 'Deliveries' })).toContainText('Slack CSBX00003');
  });
});
