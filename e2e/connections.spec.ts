import { expect, test, type Page } from '@playwright/test';
import { serverForDescribe } from './support/server.js';
import { dropCsv } from './support/csv-upload.js';
import { openConnections } from './support/segment-page.js';

const SHOTS = '/tmp';
const ROWS = 60_000;

test.use({ viewport: { width: 1440, height: 900 } });

async function screenshot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** `rows` sign-ups: enough for the upload's progress to be watched on a throttled uplink. */
function signupsCsv(rows: number): string {
  const lines = ['id,company,seats,signed_up_at'];
  for (let i = 1; i <= rows; i += 1)
    lines.push(`${i},Company ${i},${i % 50},2026-0${(i % 9) + 1}-1${i % 10}T10:00:00Z`);
  return lines.join('\n') + '\n';
}

test.describe('connections', () => {
  // A loaded machine starts the server (and loads the demo warehouse) slowly.
  const server = serverForDescribe({ port: 3190 }, 120_000);

  // Not yet seen green end to end on a loaded machine: enable once it is.
  test('adds a CSV source by drag and drop: upload progress, preview, first sync, card', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openConnections(page, server().url);
    await expect(page.getByRole('region', { name: 'No data sources yet' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'CRM & tools' })).toBeVisible();
    await screenshot(page, 'i12-connections-empty');

    await page.getByRole('button', { name: 'Add data source' }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Add data source' });
    await screenshot(page, 'i12-wizard-type');
    await wizard.getByRole('button', { name: /CSV file/ }).click();

    // A slow uplink, so the upload's progress (bytes, speed, time left) can be watched.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    await dropCsv(page, 'signups.csv', signupsCsv(ROWS));
    const progress = wizard.getByRole('region', { name: 'Upload progress' });
    await expect(progress).toContainText('Uploading signups.csv');
    await expect(progress).toContainText(/MB of \d+(\.\d)? MB · .*\/s · .* left/, {
      timeout: 15_000,
    });
    // Not `screenshot()`: the active bar animates until the upload ends.
    await page.screenshot({ path: `${SHOTS}/i12-wizard-upload.png` });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The file's rows, read by the server from the uploaded file.
    const preview = wizard.getByRole('region', { name: 'Preview of signups.csv' });
    await expect(preview.getByRole('cell', { name: 'Company 1', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(wizard).toContainText(`≈ ${ROWS.toLocaleString('en-US')}`);
    await screenshot(page, 'i12-wizard-tables');
    await wizard.getByRole('button', { name: 'Next' }).click();

    const loaded = `Loaded ${ROWS.toLocaleString('en-US')} rows into your warehouse`;
    await expect(wizard.getByText(loaded)).toBeVisible({ timeout: 60_000 });
    await expect(wizard.getByRole('region', { name: 'Sync progress' })).toContainText(
      `${ROWS.toLocaleString('en-US')} rows so far`,
    );
    await screenshot(page, 'i12-wizard-sync');
    await wizard.getByRole('button', { name: 'Done' }).click();

    const card = page
      .getByRole('region', { name: 'Data sources' })
      .getByRole('listitem', { name: 'signups' });
    await expect(card).toContainText('Succeeded');
    await expect(card).toContainText(ROWS.toLocaleString('en-US'));
    await screenshot(page, 'i12-connections');
  });
});
