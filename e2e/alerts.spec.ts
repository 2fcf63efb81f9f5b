import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USER } from './support/demo.js';
import { signInForAccessToken } from './support/oauth.js';
import { openSegmentFromMenu, pickOption, signInAsDemoUser } from './support/segment-page.js';
import { removeDataDir, startServer, type RunningServer } from './support/server.js';

const PORT = 3116;
const root = path.resolve(import.meta.dirname, '..');

test.use({ viewport: { width: 1440, height: 960 } });

/** Connects the demo organization's Slack to the app's sandbox workspace ("Allow"). */
async function connectSandboxSlack(appUrl: string) {
  const token = await signInForAccessToken(appUrl, DEMO_USER.email, DEMO_PASSWORD);
  const started = await fetch(`${appUrl}/composer/api/v1/connections/slack`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(started.status).toBe(200);
  const authorize = new URL(
    ((await started.json()) as { data: { authorizeUrl: string } }).data.authorizeUrl,
  );
  const decision = new URL(`${authorize.origin}${authorize.pathname}/decision`);
  authorize.searchParams.forEach((value, key) => decision.searchParams.set(key, value));
  decision.searchParams.set('decision', 'allow');
  const callback = (await fetch(decision, { redirect: 'manual' })).headers.get('location')!;
  const done = await fetch(callback, { redirect: 'manual' });
  expect(done.headers.get('location')).toContain('connected=slack');
}

/** A bigger demo data set, loaded as a data load is (the server must be stopped: one DuckDB owner). */
async function loadMoreAccounts(dataDir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/demo-data.ts', '--accounts', '2200'],
    {
      cwd: root,
      env: { ...process.env, REVLANE_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    },
  );
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(0);
}

/** The cohort is counted (its first snapshot exists), so the alert's baseline is set. */
async function waitUntilCounted(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^[\d.,]+[KkMm]? members?$/).first()).toBeVisible({
      timeout: 10_000,
    });
  }).toPass({ timeout: 180_000 });
}

test.describe('alerts', () => {
  let server: RunningServer;

  test.afterAll(async () => {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  test('an alert on a cohort fires after a load brings new records: unread badge, firing, Slack message', async ({
    page,
  }) => {
    test.setTimeout(1_200_000);
    server = await startServer({ port: PORT });
    await connectSandboxSlack(server.url);
    await signInAsDemoUser(page, `${server.url}/app/home`);
    await openSegmentFromMenu(page, 'All accounts');
    const cohorts = page.getByRole('list', { name: 'Cohorts of this segment' });
    await cohorts.getByRole('link', { name: 'Paying customers' }).click();
    await waitUntilCounted(page);

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
      const received = (await (await fetch(`${server.url}/sandbox/slack/received`)).json()) as {
        kind: string;
        body: { channel: string; text: string; metadata?: { event_type: string } };
      }[];
      const alerts = received.filter((r) => r.body.metadata?.event_type === 'revlane_alert');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.body).toMatchObject({ channel: 'CSBX00003' });
      expect(alerts[0]!.body.text).toMatch(/^Paying e2e: \d+ new records?$/);
    }).toPass({ timeout: 60_000 });
    await expect(firing.getByRole('list', { name: 'Deliveries' })).toContainText('Slack CSBX00003');
  });
});
