import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (or Shift+Tab) until `target` has focus: it must be reachable by keyboard. */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { back?: boolean; max?: number } = {},
) {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  for (let step = 0; step < (options.max ?? 60); step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      return step;
    }
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
  return options.max ?? 60;
}

/**
 * Opens the focused antd Select with the keyboard, moves down to the option whose label
 * starts with `option` (the combobox's active descendant says which is active), then Enter.
 */
export async function chooseWithArrows(page: Page, combobox: Locator, option: string) {
  const activeLabel = async () => {
    const id = await combobox.getAttribute('aria-activedescendant');
    return id ? page.locator(`[id="${id}"]`).getAttribute('title') : null;
  };
  await page.keyboard.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  for (let step = 0; step < 20 && !(await activeLabel())?.startsWith(option); step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  expect(await activeLabel()).toBe(option);
  await page.keyboard.press('Enter');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}
