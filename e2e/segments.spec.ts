import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  addMrrGreaterThan,
  openAllAccounts,
  pickOption,
  readTotal,
} from './support/segment-page.js';
import { serverForDescribe } from './support/server.js';

test.use({ viewport: { width: 1440, height: 960 } });

test.describe('segments', () => {
  const server = serverForDescribe({ port: 3104 });

  test('filters, sorts, searches, keeps the view on reload and exports it', async ({ page }) => {
    test.setTimeout(180_000);
    await openAllAccounts(page, server().url);

    // Two filters: plan is any of pro/enterprise, MRR greater than 0.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await pickOption(page, 'Field', 'Plan', { search: true });
    await pickOption(page, 'Operator', 'is any of');
    await pickOption(page, 'Value for Plan', 'Pro');
    await pickOption(page, 'Value for Plan', 'Enterprise');
    // A multiple select keeps its list open; a click on the popover's title closes it.
    await page.getByText('Add a filter', { exact: true }).click();
    await page.getByRole('button', { name: 'Apply filter' }).click();
    await addMrrGreaterThan(page, '0');
    const chips = page.getByRole('list', { name: 'Filters' });
    await expect(chips).toContainText('Plan is any of Pro, Enterprise');
    await expect(chips).toContainText('MRR greater than 0');

    await page.getByRole('columnheader', { name: 'MRR' }).click();
    await expect(page).toHaveURL(/sortBy=%2Bmrr/);
    await page.getByRole('searchbox', { name: 'Search records' }).fill('a');
    await expect(page).toHaveURL(/search=a/);

    await page.getByRole('button', { name: 'Columns' }).click();
    // Controlled by the URL, so the box ticks once the navigation has happened.
    await page.getByRole('checkbox', { name: 'Seats used' }).click();
    await expect(page.getByRole('checkbox', { name: 'Seats used' })).toBeChecked();
    await expect(page).toHaveURL(/columns=/);
    await expect(page.getByRole('columnheader', { name: 'Seats used' })).toBeVisible();
    await page.keyboard.press('Escape');

    const viewUrl = page.url();
    const total = await readTotal(page);
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Seats used' })).toBeVisible();
    expect(page.url()).toBe(viewUrl);
    await expect(chips).toContainText('MRR greater than 0');
    await expect(page.getByRole('searchbox', { name: 'Search records' })).toHaveValue('a');
    expect(await readTotal(page)).toBe(total);
    await page.screenshot({ path: '/tmp/revlane-segment-page.png' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split(/\r?\n/).filter((line) => line !== '');
    expect(lines[0]).toMatch(/Seats used|seats_used/);
    expect(lines.length - 1).toBe(total);
  });
});
