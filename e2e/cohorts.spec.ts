import { expect, test, type Page } from '@playwright/test';
import {
  addMrrGreaterThan,
  openAllAccounts,
  pickOption,
  readTotal,
  waitUntilPrepared,
} from './support/segment-page.js';
import { serverForDescribe } from './support/server.js';

test.use({ viewport: { width: 1440, height: 960 } });

/** Filters the table to enterprise accounts through the filter builder. */
async function filterEnterprisePlan(page: Page) {
  await page.getByRole('button', { name: 'Add filter' }).click();
  await pickOption(page, 'Field', 'Plan', { search: true });
  await pickOption(page, 'Operator', 'is any of');
  await pickOption(page, 'Value for Plan', 'Enterprise');
  // A multiple select keeps its list open; a click on the popover's title closes it.
  await page.getByText('Add a filter', { exact: true }).click();
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page.getByRole('list', { name: 'Filters' })).toContainText(
    'Plan is any of Enterprise',
  );
}

/**
 * The snapshot job counts a new cohort in the background, after the demo's first start has
 * back-filled the demo cohorts' history: reload until its size shows.
 */
async function waitForMembers(page: Page, expected: number) {
  const size = page.getByText(`${expected.toLocaleString('en-US')} member`);
  await expect(async () => {
    await page.reload();
    await expect(size.first()).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 240_000 });
}

test.describe('cohorts', () => {
  const server = serverForDescribe({ port: 3105 });

  test('saves filters as a cohort, stars and renames it, follows it on home, keeps its history', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await openAllAccounts(page, server().url);

    const allTotal = await readTotal(page);
    await filterEnterprisePlan(page);
    // The page refetches with the filter: wait for the filtered total.
    await expect.poll(() => readTotal(page)).toBeLessThan(allTotal);
    const enterpriseTotal = await readTotal(page);
    expect(enterpriseTotal).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save as cohort' }).click();
    const save = page.getByRole('dialog', { name: 'Save as cohort' });
    await save.getByRole('textbox', { name: 'Cohort name' }).fill('Enterprise e2e');
    await save.getByRole('button', { name: 'Submit' }).click();
    await expect(save).toBeHidden();
    await expect(page).toHaveURL(/\/app\/segments\/[^/]+\/[0-9a-f-]{36}/);
    const cohorts = page.getByRole('list', { name: 'Cohorts of this segment' });
    await expect(cohorts.getByRole('link', { name: 'Enterprise e2e' })).toBeVisible();

    // Star, then rename inline (Enter saves).
    await cohorts.getByRole('button', { name: 'Star Enterprise e2e' }).click();
    await expect(cohorts.getByRole('button', { name: 'Unstar Enterprise e2e' })).toBeVisible();
    await cohorts.getByRole('button', { name: 'Rename Enterprise e2e' }).click();
    const rename = cohorts.getByRole('textbox', { name: 'New name for Enterprise e2e' });
    await rename.fill('Enterprise accounts');
    await rename.press('Enter');
    await expect(cohorts.getByRole('link', { name: 'Enterprise accounts' })).toBeVisible();

    // Its size comes from the snapshot job and equals the table's total for its filters.
    await waitForMembers(page, enterpriseTotal);
    const trend = page.getByRole('tabpanel', { name: 'Members over time' });
    const chart = trend.getByRole('img', { name: /^Members per day/ });
    await expect(chart).toBeVisible();
    // Radio buttons hide their input: the label is what a user clicks.
    const range = page.getByRole('radiogroup', { name: 'Trend range' });
    await range.getByText('180 days', { exact: true }).click();
    await expect(range.getByRole('radio', { name: '180 days' })).toBeChecked();
    const count = enterpriseTotal.toLocaleString('en-US');
    await expect(chart).toHaveAccessibleName(
      new RegExp(`over the last 180 days: .*\\b${count} on`),
    );
    await page.screenshot({ path: '/tmp/revlane-cohort-page.png', fullPage: true });

    // Home lists the starred cohort with its count and sparkline.
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Home', exact: true })
      .click();
    const favorites = page.getByRole('list', { name: 'Favorite cohorts' });
    await expect(favorites.getByRole('link', { name: 'Enterprise accounts' })).toBeVisible();
    await expect(
      favorites.getByRole('img', { name: 'Members of Enterprise accounts over the last 30 days' }),
    ).toBeVisible();
    await page.screenshot({ path: '/tmp/revlane-home-favorites.png' });

    // Back to the cohort; a changed filter becomes a new version in its history.
    await favorites.getByRole('link', { name: 'Enterprise accounts' }).click();
    await waitUntilPrepared(page);
    await addMrrGreaterThan(page, '1000');
    await page.getByRole('button', { name: 'Update cohort' }).click();
    await expect(page.getByText("The filters differ from the cohort's.")).toBeHidden();
    await page.getByRole('tab', { name: 'Definition history' }).click();
    const versions = page.getByRole('list', { name: 'Versions' });
    await expect(versions.getByText('MRR greater than 1000').first()).toBeVisible();
    await expect(versions.getByText(/^Version 3 /)).toBeVisible();
  });
});
