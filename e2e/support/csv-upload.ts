import { expect, type Page } from '@playwright/test';

/** Drops a CSV file the way a person drags it from the desktop: a real drop event. */
export async function dropCsv(page: Page, fileName: string, content: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ fileName, content }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], fileName, { type: 'text/csv' }));
      return transfer;
    },
    { fileName, content },
  );
  const zone = page.getByRole('group', { name: 'CSV file drop zone' });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/**
 * Adds a CSV source through the wizard on the Connections page: drop, preview, first sync,
 * Done. `rows` is the number of data rows the file holds.
 */
export async function addCsvSource(page: Page, fileName: string, content: string, rows: number) {
  await page.getByRole('button', { name: 'Add data source' }).first().click();
  const wizard = page.getByRole('dialog', { name: 'Add data source' });
  await wizard.getByRole('button', { name: /CSV file/ }).click();
  await expect(wizard.getByRole('group', { name: 'CSV file drop zone' })).toBeVisible();
  await dropCsv(page, fileName, content);
  await expect(wizard.getByRole('region', { name: `Preview of ${fileName}` })).toBeVisible({
    timeout: 30_000,
  });
  await wizard.getByRole('button', { name: 'Next' }).click();
  const loaded = `Loaded ${rows.toLocaleString('en-US')} rows into your warehouse`;
  await expect(wizard.getByText(loaded)).toBeVisible({ timeout: 60_000 });
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(wizard).toBeHidden();
}
