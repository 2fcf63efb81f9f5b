import type { Locator, Page } from '@playwright/test';
import { pickOption } from './segment-page.js';

/**
 * Picks each `label → option` inside one entity's section of the mapping editor. Column
 * selects list every column of the table in a virtual list (Salesforce's Account has dozens),
 * so their option is found by typing.
 */
export async function pickAll(page: Page, section: Locator, picks: [string, string][]) {
  for (const [label, option] of picks) {
    await pickOption(page, label, option, { scope: section, search: true });
  }
}
