import { expect, test, type Page } from '@playwright/test';
import { addMrrGreaterThan, openAllAccounts, readTotal } from './support/segment-page.js';
import { serverForDescribe } from './support/server.js';

const SCREENSHOTS = process.env.COHORTS_UX_SCREENSHOTS ?? 'test-results/cohorts-ux';

/** The page's height and where the trend chart and the table are, in page coordinates. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY };
    };
    return {
      height: document.documentElement.scrollHeight,
      chart: box('[aria-label^="Members per day"]'),
      table: box('.ant-table-wrapper'),
    };
  });
}

/**
 * Issue 25: a cohort saved from the table opens with its own filters, is counted at once (no
 * "Not counted yet"), and its page fits two screens with the chart above the table.
 */
test.describe('cohorts: save, open, count, layout', () => {
  const server = serverForDescribe({ port: 3212 });

  test('a cohort saved from MRR > 5000 opens with its filter, is counted, and fits two screens', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openAllAccounts(page, server().url);
    const allTotal = await readTotal(page);
    await addMrrGreaterThan(page, '5000');
    await expect.poll(() => readTotal(page)).toBeLessThan(allTotal);
    const total = await readTotal(page);
    expect(total).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save as cohort' }).click();
    const save = page.getByRole('dialog', { name: 'Save as cohort' });
    await save.getByRole('textbox', { name: 'Cohort name' }).fill('Big MRR e2e');
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/cohorts$/.test(response.url()),
    );
    await save.getByRole('button', { name: 'Submit' }).click();
    // The create answers with the first count (docs/product.md §4).
    const answer = (await (await created).json()) as { data: { members: number | null } };
    expect(answer.data.members).toBe(total);
    await expect(save).toBeHidden();

    // Opened from the list: its filter chip and the same total, nothing "differs".
    const cohorts = page.getByRole('navigation', { name: 'Cohorts' });
    await cohorts.getByRole('link', { name: 'Big MRR e2e' }).click();
    const chips = page.getByRole('list', { name: 'Filters' });
    await expect(chips).toContainText('MRR greater than');
    await expect.poll(() => readTotal(page)).toBe(total);
    await expect(page.getByText("The filters differ from the cohort's.")).toBeHidden();

    // Counted without a reload, and the trend has its point.
    const size = `${total.toLocaleString('en-US')} member`;
    await expect(page.getByText(size).first()).toBeVisible({ timeout: 5_000 });
    await expect(page.getByText(/Not counted yet/)).toBeHidden();
    const trend = page.getByRole('tabpanel', { name: 'Members over time' });
    await expect(trend.getByRole('img', { name: /^Members per day/ })).toBeVisible();
    await expect(trend.getByText(/No counts yet/)).toBeHidden();

    // The cohort list folds away and comes back.
    const toggle = page.getByRole('button', { name: 'Cohorts' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(cohorts.getByRole('link', { name: 'Big MRR e2e' })).toBeHidden();
    await page.screenshot({ path: `${SCREENSHOTS}/cohort-list-folded-1280x720.png` });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(cohorts.getByRole('link', { name: 'Big MRR e2e' })).toBeVisible();

    // At most two screens tall, the chart above the table.
    await page.locator('.ant-table-row').first().waitFor();
    const small = await measure(page);
    await page.screenshot({ path: `${SCREENSHOTS}/cohort-1280x720.png`, fullPage: true });
    expect(small.height).toBeLessThanOrEqual(2 * 720);
    expect(small.chart).not.toBeNull();
    expect(small.table).not.toBeNull();
    expect(small.chart!.bottom).toBeLessThanOrEqual(small.table!.top);

    await page.setViewportSize({ width: 1440, height: 900 });
    const large = await measure(page);
    await page.screenshot({ path: `${SCREENSHOTS}/cohort-1440x900.png`, fullPage: true });
    expect(large.height).toBeLessThanOrEqual(2 * 900);
    expect(large.chart!.bottom).toBeLessThanOrEqual(large.table!.top);
  });
});
