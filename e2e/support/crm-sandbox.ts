import { expect, type Locator, type Page } from '@playwright/test';

/** A provider's card in the "CRM & tools" section of Connections. */
export const cardOf = (page: Page, label: string) =>
  page.getByRole('region', { name: 'CRM & tools' }).getByRole('listitem', { name: label });

/**
 * "Try the sandbox" on the card, "Allow" on the app's fake of the provider, and back on
 * Connections with the toast and the card connected (ADR 0021).
 */
export async function connectInSandbox(page: Page, card: Locator, label: string) {
  await expect(card).toContainText('Not connected', { timeout: 30_000 });
  await expect(card).toContainText('Sandbox');
  await card.getByRole('button', { name: 'Try the sandbox' }).click();
  await expect(page.getByRole('heading', { name: `${label} sandbox` })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/app\/connections$/);
  await expect(page.getByText(`${label} connected`)).toBeVisible();
  await expect(card).toContainText('Connected');
}

/** "Sync now" on a CRM card, until the run is over and the card shows when it was. */
export async function syncCrm(card: Locator) {
  await card.getByRole('button', { name: 'Sync now' }).click();
  await expect(card.getByRole('button', { name: 'Sync now' })).toBeEnabled({ timeout: 90_000 });
  await expect(card).not.toContainText('Last sync—', { timeout: 30_000 });
}
