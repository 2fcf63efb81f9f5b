import { contrastRatio, MIN_NON_TEXT_CONTRAST } from '@revlane/contracts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { tabTo } from './support/keyboard.js';
import {
  openSegmentFromMenu,
  signInAsDemoUser,
  waitUntilPrepared,
} from './support/segment-page.js';
import { serverForDescribe } from './support/server.js';

// docs/product.md §2: a laptop's screen with default settings (the sidebar expanded).
const LAPTOP = { width: 1280, height: 720 };
const DESKTOP = { width: 1440, height: 900 };
const SEGMENT = 'Product-qualified accounts';

async function screenshot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.screenshot({ path: `/tmp/segments-layout-${name}.png` });
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
};

/** The toolbar's tools all sit on one row: every one's top within a few pixels of the first. */
async function expectOneRow(toolbar: Locator) {
  const tops = await toolbar
    .locator(':scope > *')
    .evaluateAll((tools) => tools.map((tool) => tool.getBoundingClientRect().top));
  expect(tops.length).toBeGreaterThanOrEqual(5);
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(4);
}

/** No page taller than two screens (the bar, docs/product.md §2). */
async function expectAtMostTwoScreens(page: Page, height: number) {
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeLessThanOrEqual(2 * height);
}

/** The focused element's ring: drawn, at least 2 px, and 3:1 or more against `background`. */
async function expectFocusRing(page: Page, background: string) {
  // antd eases the ring's colour in: it is judged once the transition has ended (opaque).
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor))
    .not.toMatch(/^rgba/);
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
  });
  expect(ring.style).not.toBe('none');
  expect(Number.parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
  expect(contrastRatio(ring.color, background)).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
}

test.describe('the segment page at 1280×720 and 1440×900', () => {
  const server = serverForDescribe({ port: 3214 });

  test('keeps the name in view, the tools on one row, headers readable and focus visible', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(LAPTOP);
    await signInAsDemoUser(page, `${server().url}/app/home`);
    await openSegmentFromMenu(page, SEGMENT);
    await waitUntilPrepared(page);

    const toolbar = page.getByRole('toolbar', { name: 'Table tools' });
    await expectOneRow(toolbar);
    await expectAtMostTwoScreens(page, LAPTOP.height);
    // The table scrolls sideways inside the page; the page itself does not.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, '1280x720');

    // A header's tooltip says its full text, on hover.
    await page.getByRole('columnheader', { name: 'Active users (7d)' }).hover();
    await expect(page.getByRole('tooltip').filter({ hasText: 'Active users (7d)' })).toBeVisible();

    // Sideways to the last column: the record's name stays at the table's left edge.
    const nameHeader = page.getByRole('columnheader', { name: 'Name', exact: true });
    const lastHeader = page.getByRole('columnheader', { name: 'Activity (30d)' });
    const firstRow = page.locator('.ant-table-row').first();
    const firstName = firstRow.locator('.ant-table-cell').first();
    const recordName = (await firstName.textContent())!;
    // What of the table shows: as wide as its toolbar above it.
    const tableBox = await box(toolbar);
    expect((await box(lastHeader)).x).toBeGreaterThan(tableBox.x + tableBox.width);
    await firstRow.hover();
    await page.mouse.wheel(2_000, 0);
    await expect
      .poll(async () => (await box(lastHeader)).x + (await box(lastHeader)).width)
      .toBeLessThanOrEqual(tableBox.x + tableBox.width + 1);
    expect((await box(nameHeader)).x).toBeCloseTo(tableBox.x, 0);
    expect((await box(firstName)).x).toBeCloseTo(tableBox.x, 0);
    await expect(firstRow.getByText(recordName, { exact: true })).toBeInViewport();
    await screenshot(page, '1280x720-scrolled');

    // Back to the start, the last columns out of view again.
    await page.mouse.wheel(-2_000, 0);
    await expect
      .poll(async () => (await box(lastHeader)).x)
      .toBeGreaterThan(tableBox.x + tableBox.width);

    // By keyboard: the focus ring of a button reads at 3:1 or more on white (WCAG 2.2, 1.4.11).
    await tabTo(page, toolbar.getByRole('button', { name: 'Columns' }));
    await expectFocusRing(page, 'rgb(255, 255, 255)');

    // A sortable header, reached by Tab, shows a ring and its tooltip, and the columns under it
    // follow it out of view: the header's cell and the rows' cell stay one above the other.
    const lastSeen = page.getByRole('columnheader', { name: 'Last seen' });
    await tabTo(page, lastSeen);
    const headerBackground = await lastSeen.evaluate(
      (header) => getComputedStyle(header).backgroundColor,
    );
    await expectFocusRing(page, headerBackground);
    await expect(page.getByRole('tooltip').filter({ hasText: 'Last seen' })).toBeVisible();
    const lastSeenCell = firstRow.locator('.ant-table-cell').nth(7);
    await expect
      .poll(async () => Math.round((await box(lastSeenCell)).x - (await box(lastSeen)).x))
      .toBe(0);

    // Collapsed, every menu entry has initials of its own.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(72);
    const initials = await sidebar.locator('[data-initials]').allTextContents();
    expect(initials.length).toBeGreaterThanOrEqual(7);
    expect(new Set(initials).size).toBe(initials.length);
    expect(initials).toEqual(expect.arrayContaining(['ST', 'SG']));
    await screenshot(page, '1280x720-mini');
    await sidebar.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(288);

    await page.setViewportSize(DESKTOP);
    await expectOneRow(toolbar);
    await expectAtMostTwoScreens(page, DESKTOP.height);
    await screenshot(page, '1440x900');
  });
});
