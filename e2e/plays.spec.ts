import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USER } from './support/demo.js';
import { loadMoreAccounts } from './support/demo-load.js';
import { signInForAccessToken } from './support/oauth.js';
import { connectSandboxSlack, readSandboxSlack } from './support/sandbox-slack.js';
import { pickOption, signInAsDemoUser } from './support/segment-page.js';
import { startServer, stopAndRemove, type RunningServer } from './support/server.js';
import { startWebhookReceiver } from './support/webhook-receiver.js';

const PORT = 3210;
// The webhook goes to a receiver on 127.0.0.1, which the outbound policy allows only so.
const SERVER_ENV = { OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true' };
const SCREENSHOTS = process.env.PLAYS_SCREENSHOTS_DIR;

/**
 * The demo generator names accounts by their index alone: the first exists from the start;
 * the 2,001st and 2,002nd arrive with the 2,200-account load. The cohort lists the three by
 * name, so the load brings exactly two records in.
 */
const PRESENT = 'Delta Analytics';
const ARRIVING = { acc_0002001: 'Onyx Design', acc_0002002: 'Cloud Software' };

test.use({ viewport: { width: 1440, height: 900 } });

/** The "Play e2e" cohort on "All accounts", created through the API and counted once. */
async function createCohort(appUrl: string) {
  const token = await signInForAccessToken(appUrl, DEMO_USER.email, DEMO_PASSWORD);
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${appUrl}/live-ops/api/v1/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    }).then(async (response) => ((await response.json()) as { data: unknown }).data);
  const segments = (await api('segments/me')) as { id: string; name: string }[];
  const segmentId = segments.find((segment) => segment.name === 'All accounts')!.id;
  await api(`segments/${segmentId}/cohorts`, {
    method: 'POST',
    body: JSON.stringify({
      name: 'Play e2e',
      filters: [
        { field: 'name', operator: 'includes', value: [PRESENT, ...Object.values(ARRIVING)] },
      ],
    }),
  });
  // Saving a cohort snapshots it (ADR 0013): the play's first activation takes that baseline.
  await expect(async () => {
    const cohorts = (await api(`segments/${segmentId}/cohorts`)) as {
      name: string;
      members: number | null;
    }[];
    expect(cohorts.find((cohort) => cohort.name === 'Play e2e')?.members).toBe(1);
  }).toPass({ timeout: 60_000 });
}

async function addAction(page: Page, label: string) {
  await page.getByRole('button', { name: 'Add action' }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

test.describe('plays', () => {
  let server: RunningServer;
  const receiver = startWebhookReceiver();

  test.afterAll(async () => {
    await stopAndRemove(server);
    await (await receiver).close();
  });

  test('a "Slack + webhook" play: preview, activate, a load brings two records in, the run acts on each', async ({
    page,
  }) => {
    test.setTimeout(600_000);
    const hooks = await receiver;
    server = await startServer({ port: PORT, env: SERVER_ENV });
    await connectSandboxSlack(server.url);
    await createCohort(server.url);
    await signInAsDemoUser(page, `${server.url}/app/plays`);

    await page.getByRole('button', { name: 'New play' }).click();
    const form = page.getByRole('dialog', { name: 'New play' });
    await form.getByLabel('Name').fill('Slack + webhook');
    await pickOption(page, 'Segment', 'All accounts', { scope: form });
    await pickOption(page, 'Cohort', 'Play e2e', { scope: form });
    await form.getByRole('button', { name: 'Create play' }).click();
    await expect(page.getByRole('heading', { name: 'Slack + webhook', level: 1 })).toBeVisible();

    await addAction(page, 'Slack message');
    const slack = page.getByRole('listitem', { name: '1. Slack message' });
    await slack.getByLabel('Channel').fill('CSBX00003');
    await slack.getByLabel('Channel').press('Escape');
    await expect(slack.getByLabel('Preview of Message')).toBeVisible();
    await addAction(page, 'Webhook');
    const webhook = page.getByRole('listitem', { name: '2. Webhook' });
    await webhook.getByLabel('URL').fill(hooks.url);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const secrets = page.getByRole('list', { name: 'Webhook signing secrets' });
    const secret = (await secrets.locator('code').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    hooks.useSecret(secret);

    await page
      .getByRole('region', { name: 'Preview' })
      .getByRole('button', { name: 'Preview' })
      .click();
    const payloads = page.getByRole('list', { name: 'Preview payloads' });
    await expect(payloads).toContainText(`"text": "${PRESENT} entered the cohort"`);
    await expect(payloads).toContainText(`"name": "${PRESENT}"`);
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/play-details.png`, fullPage: true });
    // The preview sent nothing.
    expect(hooks.received).toHaveLength(0);
    const playUrl = page.url();

    // The load: more accounts; the restart's "warehouse loaded" snapshots the cohorts.
    const { dataDir } = server;
    await server.stop();
    // Fewer users and events than the demo's: the cohort reads accounts only, and it loads fast.
    await loadMoreAccounts(dataDir, { users: 2_200, events: 20_000 });
    server = await startServer({ port: PORT, dataDir, env: SERVER_ENV });

    const runs = page.getByRole('region', { name: 'Runs' });
    const run = runs.getByRole('listitem', { name: /^Run of/ }).first();
    await expect(async () => {
      await page.goto(playUrl);
      await expect(run).toContainText('succeeded', { timeout: 10_000 });
      await expect(run).toContainText('2 records: 4 succeeded');
    }).toPass({ timeout: 240_000 });
    await run.getByRole('button', { name: 'Show outcomes' }).click();
    const outcomes = run.getByRole('table', { name: 'Outcomes per record' });
    for (const recordId of Object.keys(ARRIVING)) {
      await expect(outcomes.getByRole('row').filter({ hasText: recordId })).toHaveCount(2);
    }
    await expect(outcomes.getByRole('row').filter({ hasText: 'failed' })).toHaveCount(0);

    const messages = (await readSandboxSlack(server.url)).filter(
      (message) => message.body.metadata?.event_type === 'revlane_play',
    );
    expect(messages.map((message) => message.body.text).sort()).toEqual(
      Object.values(ARRIVING)
        .map((name) => `${name} entered the cohort`)
        .sort(),
    );
    expect(messages.every((message) => message.body.channel === 'CSBX00003')).toBe(true);
    expect(hooks.badSignatures()).toBe(0);
    expect(
      hooks.received
        .map((hook) => JSON.stringify(hook.data))
        .sort()
        .join(),
    ).toContain(ARRIVING.acc_0002001);
    expect(new Set(hooks.received.map((hook) => hook.id)).size).toBe(2);

    await page.goto(`${server.url}/app/plays`);
    const row = page.getByRole('row', { name: /Slack \+ webhook/ });
    await expect(row).toContainText('2 records: 4 succeeded');
    await expect(row).toContainText('Last opened');
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/plays-list.png`, fullPage: true });
  });
});
