import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  openSegmentFromMenu,
  readTotal,
  signInAsDemoUser,
  waitUntilPrepared,
} from './support/segment-page.js';
import { serverForDescribe } from './support/server.js';

test.use({ viewport: { width: 1440, height: 960 }, acceptDownloads: true });

// The grouped headers of "Expansion candidates" (docs/product.md §5.3): money and
// counts summed, the seat usage percentage averaged.
const GROUP_HEADERS = [
  'Plan',
  'Records',
  'Sum of Seats',
  'Sum of Seats used',
  'Average of Seat usage (%)',
  'Sum of MRR',
  'Sum of Active users (30d)',
];

test.describe('grouped segments', () => {
  const server = serverForDescribe({ port: 3210 });

  test('opens a group of "Expansion candidates", sees its accounts, and goes back', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAsDemoUser(page, `${server().url}/app/home`);
    await openSegmentFromMenu(page, 'Expansion candidates');
    await waitUntilPrepared(page);

    // It opens grouped by plan, and the export carries the screen's headers.
    const table = page.locator('.ant-table').first();
    for (const header of GROUP_HEADERS)
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ groups$/)).toBeVisible();
    await page.screenshot({ path: '/tmp/revlane-segment-groups.png' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(GROUP_HEADERS.join(','));

    // A click on a group's row opens its accounts, its plan a filter chip.
    const open = page.getByRole('button', { name: /^Open the records of Plan / }).first();
    const plan = (await open.textContent())!.trim();
    const row = page.locator('.ant-table-row').filter({ has: open });
    const records = Number((await row.locator('td').nth(1).textContent())!.replaceAll(',', ''));
    await row.locator('td').nth(1).click();
    await expect(page).toHaveURL(/[?&]pivot=(&|$)/);
    await expect(page.getByRole('list', { name: 'Filters' })).toContainText(`Plan`);
    await expect(page.getByRole('list', { name: 'Filters' })).toContainText(plan);
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Group by' })).toBeVisible();
    expect(await readTotal(page)).toBe(records);
    await page.screenshot({ path: '/tmp/revlane-segment-group-opened.png' });

    // One click back to the groups, the group's filter gone.
    await page.getByRole('button', { name: 'Back to groups' }).click();
    await expect(table.getByRole('columnheader', { name: 'Records', exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Filters' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Back to groups' })).toBeHidden();

    // By keyboard: Enter on a group's name opens it too.
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Back to groups' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Filters' })).toContainText(plan);
  });
});
