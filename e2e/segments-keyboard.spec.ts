import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chooseWithArrows, tabTo } from './support/keyboard.js';
import { signInAsDemoUser, waitUntilPrepared } from './support/segment-page.js';
import { startServer, stopAndRemove, type RunningServer } from './support/server.js';

// docs/product.md §2 and architecture §8: every control reachable by keyboard, at 1440 px.
const VIEWPORT = { width: 1440, height: 900 };

const COHORT_NAME = 'Accounts paying more than a thousand a month, kept by keyboard';

async function screenshot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.screenshot({ path: `/tmp/i11-${name}.png` });
}

/** How far the page scrolls sideways (0 when it fits). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const isFocusLost = (page: Page) =>
  page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

test.describe('segments by keyboard, at 1440 px', () => {
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let segmentUrl = '';

  // One signed-in page for the three steps: signing in again would only add load.
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    // A fresh server and its first sign-in, on a machine that may be busy.
    test.setTimeout(300_000);
    server = await startServer({ port: 3180 });
    context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true });
    page = await context.newPage();
    await signInAsDemoUser(page, `${server.url}/app/home`);
  });

  test.afterAll(async () => {
    await context?.close();
    await stopAndRemove(server);
  });

  test('filters, sorts, saves a cohort and exports with the keyboard alone', async () => {
    test.setTimeout(300_000);
    // Signing in (before all) and the first data load of a fresh server are set-up, not the
    // flow under test.
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Segments').click();
    await page.getByRole('menuitem', { name: 'All accounts' }).click();
    await waitUntilPrepared(page);
    segmentUrl = page.url();
    await page.goto(`${server.url}/app/home`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });

    // From here on, the keyboard alone. The first Tab stop skips to the page.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page.getByRole('main')).toHaveCount(1);

    // The menu's sections are Tab stops: open Segments, then its first segment.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const segments = sidebar.getByRole('menuitem', { name: 'Segments', exact: true });
    await tabTo(page, segments.getByText('Segments', { exact: true }), { back: true });
    if ((await segments.getAttribute('aria-expanded')) !== 'true')
      await page.keyboard.press('Enter');
    await expect(segments).toHaveAttribute('aria-expanded', 'true');
    await tabTo(page, sidebar.getByRole('link', { name: 'All accounts' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'All accounts', level: 1 })).toBeVisible();
    await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });

    // Add filter: Enter opens the builder with focus in its first field.
    const addFilter = page.getByRole('button', { name: 'Add filter' });
    await tabTo(page, addFilter);
    await page.keyboard.press('Enter');
    const field = page.getByRole('combobox', { name: 'Field' });
    await expect(field).toBeFocused();
    await page.keyboard.type('MRR');
    await page.keyboard.press('Enter');
    await expect(page.locator('.ant-select').filter({ has: field })).toContainText('MRR');
    // The operator list follows the field: Tab once it is there and the field's list closed.
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    const operator = page.getByRole('combobox', { name: 'Operator' });
    await expect(operator).toBeEnabled();
    await tabTo(page, operator, { max: 3 });
    await chooseWithArrows(page, operator, 'greater than');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('spinbutton', { name: 'Value for MRR' })).toBeFocused();
    await page.keyboard.type('1000');
    await tabTo(page, page.getByRole('button', { name: 'Apply filter' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Filters' })).toContainText('MRR greater than');
    // Focus comes back to the button, never the body.
    await expect(addFilter).toBeFocused();

    // Sort by a column header.
    const mrrHeader = page.getByRole('columnheader', { name: /MRR/ });
    await tabTo(page, mrrHeader);
    await page.keyboard.press('Enter');
    await expect(mrrHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sortBy=%2Bmrr/);

    // Save as cohort: the dialog takes focus, and the new cohort's page keeps it.
    await tabTo(page, page.getByRole('button', { name: 'Save as cohort' }), { back: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save as cohort' });
    await expect(dialog.getByRole('textbox', { name: 'Cohort name' })).toBeFocused();
    await page.keyboard.type(COHORT_NAME);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/app\/segments\/[^/]+\/[^/?]+/);
    await expect(page.getByRole('heading', { name: COHORT_NAME })).toBeVisible();
    await expect.poll(() => isFocusLost(page)).toBe(false);

    // Export: the browser downloads a file named after the cohort.
    await tabTo(page, page.getByRole('button', { name: 'Export' }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^accounts-paying-more-than-.*\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('MRR');
    expect(lines.length).toBeGreaterThan(1);
  });

  test('fits 1440 px: no sideways scrolling, the sidebar gives its width, nothing clipped', async () => {
    test.setTimeout(360_000);
    await page.goto(segmentUrl);
    await waitUntilPrepared(page);
    const toolbar = page.getByRole('toolbar', { name: 'Table tools' });
    const exportButton = toolbar.getByRole('button', { name: 'Export' });
    const search = toolbar.getByRole('searchbox', { name: 'Search records' });
    const main = page.getByRole('main');

    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // "Export" stays on the toolbar's one row, on one line.
    const [exportBox, searchBox] = [await exportButton.boundingBox(), await search.boundingBox()];
    expect(
      Math.abs(exportBox!.y + exportBox!.height / 2 - (searchBox!.y + searchBox!.height / 2)),
    ).toBeLessThan(4);
    expect(exportBox!.height).toBeLessThan(40);
    // The saved cohort's long name wraps in the panel: all of it is read, none is cut.
    const cohortLink = page.getByRole('link', { name: COHORT_NAME });
    await expect(cohortLink).toHaveText(COHORT_NAME);
    expect(await cohortLink.evaluate((link) => link.scrollWidth > link.clientWidth)).toBe(false);
    await screenshot(page, 'segment');

    // Collapsing the sidebar gives the page its width (no max-width margins).
    const expandedWidth = (await main.boundingBox())!.width;
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute(
      'data-mini',
      'true',
    );
    await expect.poll(async () => (await main.boundingBox())!.width).toBe(1440 - 72);
    expect((await main.boundingBox())!.width).toBeGreaterThan(expandedWidth + 200);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'segment-collapsed');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();

    // The cohort page's "When" column shows whole dates, never clipped ("November 23 202"):
    // a demo cohort over a usage column, whose members change from day to day.
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Product-qualified accounts' })
      .click();
    await page.getByRole('link', { name: 'Highly active' }).click();
    await expect(page.getByRole('heading', { name: 'Highly active' })).toBeVisible();
    await page.getByRole('tab', { name: 'Entered / Left' }).click();
    const since = new Date(Date.now() - 170 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole('textbox', { name: 'Since' }).fill(since);
    const whenCells = page.locator('table:has(th:text-is("When")) tbody tr td:last-child');
    await expect(whenCells.first()).toBeVisible({ timeout: 30_000 });
    const cells = await whenCells.evaluateAll((tds) =>
      tds.map((td) => ({ text: td.textContent ?? '', clipped: td.scrollWidth > td.clientWidth })),
    );
    for (const cell of cells) {
      expect(cell.text).toMatch(/\b20\d\d\b/);
      expect(cell.clipped, cell.text).toBe(false);
    }
    // …and the record's own columns keep room to be read.
    const firstRecordCell = page.locator('table:has(th:text-is("When")) tbody tr td:first-child');
    expect(await firstRecordCell.first().evaluate((td) => td.clientWidth)).toBeGreaterThan(120);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await whenCells.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'cohort-when');
  });

  test('home: the onboarding "Connect a CRM" and "Connect a data source" buttons are legible', async () => {
    // Each step is a full page load of the SPA.
    test.setTimeout(180_000);
    await page.goto(`${server.url}/app/home`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'home');
    for (const [path, name] of [
      ['connect-my-crm', 'Connect a CRM'],
      ['connect-my-data', 'Connect a data source'],
    ] as const) {
      await page.goto(`${server.url}/app/home/${path}`);
      const button = page.getByRole('dialog').getByRole('link', { name });
      // A full page load: the workspace loads again first.
      await expect(button).toBeVisible({ timeout: 30_000 });
      const { color, background } = await button.evaluate((link) => {
        const style = getComputedStyle(link);
        return { color: style.color, background: style.backgroundColor };
      });
      expect(background).not.toBe('rgba(0, 0, 0, 0)');
      // WCAG AA for normal text: at least 4.5:1.
      expect(contrastRatio(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(
        4.5,
      );
      await screenshot(page, `home-${path}`);
    }
  });
});

/** WCAG's contrast ratio of two `rgb(r, g, b)` colours. */
function contrastRatio(first: string, second: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}
