import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USER } from './demo.js';
import { signInForAccessToken } from './oauth.js';
import { fillSignIn } from './sign-in.js';

export const PREPARING = 'Still preparing everything for you. Please come back later.';

/** Signs the demo user in on a fresh server and accepts the terms shown the first time. */
export async function signInAsDemoUser(page: Page, url: string) {
  await page.goto(url);
  await fillSignIn(page, DEMO_USER.email);
  const terms = page.getByRole('dialog', { name: 'Terms of Service' });
  await terms.getByRole('checkbox', { name: 'I agree to Terms of Service' }).check();
  await terms.getByRole('button', { name: 'Continue' }).click();
  await expect(terms).toBeHidden();
}

/**
 * Accepts the terms for the demo user over the API, so several flows of one spec can each
 * sign in with `signInAsReturningDemoUser`, in any order or alone.
 */
export async function acceptDemoUserTerms(appUrl: string) {
  const token = await signInForAccessToken(appUrl, DEMO_USER.email, DEMO_PASSWORD);
  const accepted = await fetch(`${appUrl}/user/api/v1/users/me/accept-terms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(accepted.status).toBe(200);
}

/** Signs the demo user in once the terms are accepted (`acceptDemoUserTerms`). */
export async function signInAsReturningDemoUser(page: Page, url: string) {
  await page.goto(url);
  await fillSignIn(page, DEMO_USER.email);
}

/** Opens a segment from the sidebar menu and waits for its heading. */
export async function openSegmentFromMenu(page: Page, name: string) {
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('menuitem', { name: 'Segments', exact: true }).click();
  await sidebar.getByRole('menuitem', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** Where `pickOption` looks for its select, and how it finds the option. */
export interface PickOptions {
  /** The select is the one of exactly that label inside this element. */
  scope?: Locator;
  /**
   * Types the option's text first when the select takes typing: for a virtual list (the
   * filter's field catalogue, a table's columns), whose lower options are not rendered until
   * scrolled to. A select without search is left to the click.
   */
  search?: boolean;
}

/**
 * Picks an option of an antd Select by its text, and checks that the select took it (a click
 * while the dropdown is still animating in can miss under load: then it tries again).
 */
export async function pickOption(
  page: Page,
  combobox: string,
  option: string,
  { scope, search = false }: PickOptions = {},
) {
  const within = scope ?? page;
  // In a scope, the exact label; Chromium names a required field with antd's "*" mark first.
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const escaped = escape(combobox);
  const role = { name: scope ? new RegExp(`^[*\\s]*${escaped}$`) : combobox };
  const box = within.getByRole('combobox', role);
  // `has` is matched inside each select, so it starts from the page, not from the scope.
  const select = within.locator('.ant-select').filter({ has: page.getByRole('combobox', role) });
  await expect(async () => {
    if ((await select.first().textContent())?.includes(option)) return;
    // A click toggles: a retry must not close the dropdown the last try opened.
    if ((await box.first().getAttribute('aria-expanded')) !== 'true') await box.click();
    if (search && (await box.first().isEditable())) await box.first().fill(option);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${escape(option)}`) })
      .first()
      .click({ timeout: 3_000 });
    await expect(select.first()).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The first load runs in the background on a fresh server: check again until it is done. */
export async function waitUntilPrepared(page: Page) {
  const table = page.locator('.ant-table-row').first();
  await expect(async () => {
    if (await page.getByText(PREPARING).isVisible()) {
      await page.getByRole('button', { name: 'Check again' }).click();
    }
    await expect(table).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
}

/** Signs the demo user in on a fresh server, straight onto the Connections page. */
export async function openConnections(page: Page, appUrl: string) {
  await signInAsDemoUser(page, `${appUrl}/app/connections`);
  await expect(page.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
}

/** Signs the demo user in on a fresh server and opens its "All accounts" segment, loaded. */
export async function openAllAccounts(page: Page, appUrl: string) {
  await signInAsDemoUser(page, `${appUrl}/app/home`);
  await openSegmentFromMenu(page, 'All accounts');
  await waitUntilPrepared(page);
}

/** Adds "MRR greater than <value>" through the filter builder. */
export async function addMrrGreaterThan(page: Page, value: string) {
  await page.getByRole('button', { name: 'Add filter' }).click();
  await pickOption(page, 'Field', 'MRR', { search: true });
  await pickOption(page, 'Operator', 'greater than');
  await page.getByRole('spinbutton', { name: 'Value for MRR' }).fill(value);
  await page.getByRole('button', { name: 'Apply filter' }).click();
}

/**
 * Adds "<field> is any of <value>" through the filter builder (mapped custom attributes come
 * last in the catalogue, below the list's fold: the field is found by typing).
 */
export async function addIsAnyOfFilter(page: Page, field: string, value: string) {
  await page.getByRole('button', { name: 'Add filter' }).click();
  await pickOption(page, 'Field', field, { search: true });
  await pickOption(page, 'Operator', 'is any of');
  await pickOption(page, `Value for ${field}`, value);
  // A multiple select keeps its list open; a click on the popover's title closes it.
  await page.getByText('Add a filter', { exact: true }).click();
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page.getByRole('list', { name: 'Filters' })).toContainText(
    `${field} is any of ${value}`,
  );
}

/** The table's total, read from its pagination ("1–50 of 1,234"). */
export async function readTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^\d[\d,]*–[\d,]+ of [\d,]+$/).textContent();
  return Number(text!.split(' of ')[1]!.replaceAll(',', ''));
}
