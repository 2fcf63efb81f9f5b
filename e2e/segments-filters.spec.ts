import { expect, test, type Page } from '@playwright/test';
import { openAllAccounts, pickOption } from './support/segment-page.js';
import { serverForDescribe } from './support/server.js';

test.use({ viewport: { width: 1440, height: 960 } });

const REFUSED = 'The segment query is invalid';

/** The open dropdown's options (antd renders one list per select; the open one is visible). */
const openOptions = (page: Page) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/** Types into a select of the filter builder and takes the top match with Enter. */
async function typeAndEnter(page: Page, combobox: string, text: string) {
  const box = page.getByRole('combobox', { name: combobox });
  await box.click();
  await box.fill(text);
  await expect(openOptions(page).first()).toBeVisible();
  await box.press('Enter');
}

/**
 * Applies what the builder holds and waits for the table's answer to it: a 200 whose total
 * the pagination shows ("1–50 of 1,234"). Returns that total.
 */
async function applyAndReadTotal(page: Page, button: string): Promise<number> {
  const answered = page.waitForResponse((response) => response.url().includes('/data?'));
  await page.getByRole('button', { name: button }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const { total } = ((await response.json()) as { data: { total: number } }).data;
  await expect(page.getByText(new RegExp(` of ${total.toLocaleString('en-US')}$`))).toBeVisible();
  return total;
}

async function removeChip(page: Page, text: string) {
  await page.getByLabel(`Remove filter ${text}`).click();
  await expect(page.getByLabel(`Remove filter ${text}`)).toHaveCount(0);
}

test.describe('segment filters (issue 25)', () => {
  const server = serverForDescribe({ port: 3218 });

  test('typed values, typed operators, relative dates and "Match any of"', async ({ page }) => {
    test.setTimeout(240_000);
    await openAllAccounts(page, server().url);
    const chips = page.getByRole('list', { name: 'Filters' });

    // Item 1: "Pro" typed in "Plan is any of" is the one option labelled Pro, stored as `pro`.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await pickOption(page, 'Field', 'Plan', { search: true });
    await pickOption(page, 'Operator', 'is any of');
    const values = page.getByRole('combobox', { name: 'Value for Plan' });
    await values.click();
    await values.fill('Pro');
    await expect(openOptions(page)).toHaveText(['Pro']);
    await values.press('Enter');
    // A multiple select keeps its list open; a click on the popover's title closes it.
    await page.getByText('Add a filter', { exact: true }).click();
    const proTotal = await applyAndReadTotal(page, 'Apply filter');
    await expect(chips).toContainText('Plan is any of Pro');
    expect(new URL(page.url()).searchParams.get('filters')).toBe(
      JSON.stringify([{ field: 'plan', operator: 'includes', value: ['pro'] }]),
    );
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await expect(page.getByText(REFUSED)).toHaveCount(0);
    expect(proTotal).toBeGreaterThan(0);
    await removeChip(page, 'Plan is any of Pro');

    // Item 6: "greater than" typed in the operator list, Enter takes it (not "equals").
    await page.getByRole('button', { name: 'Add filter' }).click();
    await pickOption(page, 'Field', 'MRR', { search: true });
    await typeAndEnter(page, 'Operator', 'greater than');
    await expect(page.getByRole('combobox', { name: 'Operator' })).toHaveAccessibleDescription(
      'Check if data is greater than the value.',
    );
    await page.getByRole('spinbutton', { name: 'Value for MRR' }).fill('5000');
    const mrrTotal = await applyAndReadTotal(page, 'Apply filter');
    await expect(chips).toContainText('MRR greater than 5000');
    await removeChip(page, 'MRR greater than 5000');

    // Item 7: accounts created in the last 30 days (the demo's trials).
    await page.getByRole('button', { name: 'Add filter' }).click();
    await pickOption(page, 'Field', 'Created', { search: true });
    await typeAndEnter(page, 'Operator', 'in the last N days');
    await expect(page.getByRole('combobox', { name: 'Operator' })).toHaveAccessibleDescription(
      'Check if the date lies in the last N days or today.',
    );
    await page.getByRole('spinbutton', { name: 'Value for Created' }).fill('30');
    const recentTotal = await applyAndReadTotal(page, 'Apply filter');
    await expect(chips).toContainText('Created in the last 30 days');
    expect(recentTotal).toBeGreaterThan(0);
    await removeChip(page, 'Created in the last 30 days');

    // Item 8: Plan is Pro OR MRR over 5000 holds more accounts than either alone.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByText('Match any of', { exact: true }).click();
    await pickOption(page, 'Field', 'Plan', { search: true });
    await pickOption(page, 'Operator', 'is any of');
    await pickOption(page, 'Value for Plan', 'Pro');
    await page.getByText('Add a filter', { exact: true }).click();
    await page.getByRole('button', { name: 'Add condition' }).click();
    await pickOption(page, 'Field', 'MRR', { search: true });
    await typeAndEnter(page, 'Operator', 'greater than');
    await page.getByRole('spinbutton', { name: 'Value for MRR' }).fill('5000');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await expect(page.getByRole('list', { name: 'Conditions' })).toContainText(
      'or MRR greater than 5000',
    );
    await page.screenshot({ path: '/tmp/revlane-segment-filter-group-builder.png' });
    const groupTotal = await applyAndReadTotal(page, 'Apply group');
    await expect(chips).toContainText('(Plan is any of Pro or MRR greater than 5000)');
    expect(groupTotal).toBeGreaterThan(proTotal);
    expect(groupTotal).toBeGreaterThan(mrrTotal);
    await page.screenshot({ path: '/tmp/revlane-segment-filter-group.png' });

    // A link holding a value the server refuses never reads as an applied filter.
    const refusedLink = new URL(page.url());
    refusedLink.searchParams.set(
      'filters',
      JSON.stringify([{ field: 'plan', operator: 'includes', value: ['Pro'] }]),
    );
    await page.goto(refusedLink.toString());
    await expect(chips.getByText(/^Not applied: /)).toBeVisible();
    await page.screenshot({ path: '/tmp/revlane-segment-filter-refused.png' });
  });
});
