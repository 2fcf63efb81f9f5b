import { expect, test } from '@playwright/test';
import { addCsvSource } from './support/csv-upload.js';
import {
  addMrrGreaterThan,
  openConnections,
  openSegmentFromMenu,
  pickOption,
  readTotal,
} from './support/segment-page.js';
import { pickAll } from './support/mapping-editor.js';
import { serverForDescribe } from './support/server.js';

/** `Account owner` is the customer's own column: a custom attribute (ADR 0026). */
const ACCOUNTS = `account_id,company,website,plan,mrr,Account owner
a1,Acme,https://www.acme.com,pro,990,Rita
a2,Globex,globex.io,starter,49,Sam
a3,Initech,initech.com,enterprise,5000,Sam
`;
const USERS = `user_id,email,full_name,role
u1,ann@acme.com,Ann,admin
u2,bob@globex.io,Bob,member
u3,cat@initech.com,Cat,member
u4,dan@gmail.com,Dan,member
`;
const EVENTS = `user_id,event,ts
u1,login,2026-11-20 10:00:00
u2,page_view,2026-11-21 10:00:00
u3,login,2026-11-22 09:00:00
`;

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('mapping', () => {
  // A loaded machine starts the server (and loads the demo warehouse) slowly.
  const server = serverForDescribe({ port: 3200 }, 120_000);

  test('uploads three CSVs, maps, previews, publishes, and filters a segment on mapped and custom attributes', async ({
    page,
  }) => {
    // Three uploads and syncs, a publish and a segment page: minutes on a loaded machine.
    test.setTimeout(420_000);
    await openConnections(page, server().url);
    await addCsvSource(page, 'accounts.csv', ACCOUNTS, 3);
    await addCsvSource(page, 'users.csv', USERS, 4);
    await addCsvSource(page, 'events.csv', EVENTS, 3);

    await page
      .getByRole('listitem', { name: 'accounts' })
      .getByRole('button', { name: 'Map to accounts and contacts' })
      .click();
    const editor = page.getByRole('dialog', { name: 'Map to accounts and contacts' });
    const accounts = editor.getByRole('region', { name: 'Accounts' });
    await pickAll(page, accounts, [
      ['Table', 'accounts.csv'],
      ['Account id', 'account_id'],
      ['Name', 'company'],
      ['Domain or website', 'website'],
      ['Attributes', 'plan'],
      ['Attributes', 'mrr'],
      ['Attributes', 'Account owner'],
    ]);
    const users = editor.getByRole('region', { name: 'Users (contacts)' });
    await pickAll(page, users, [
      ['Source', 'users'],
      ['Table', 'users.csv'],
      ['User id', 'user_id'],
      ['Email', 'email'],
      ['Name', 'full_name'],
      ['Attributes', 'role'],
    ]);
    await editor.getByRole('switch', { name: 'Map events' }).click();
    const events = editor.getByRole('region', { name: 'Events' });
    await pickAll(page, events, [
      ['Source', 'events'],
      ['Table', 'events.csv'],
      ['User id', 'user_id'],
      ['Event name', 'event'],
      ['Occurred at', 'ts'],
    ]);

    // dan@gmail.com is free mail: never matched to an account.
    const preview = editor.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('3 of 4 users matched to an account, 75%', {
      timeout: 30_000,
    });
    await expect(preview).toContainText('3 of 3 events matched to a user, 100%');

    await editor.getByRole('button', { name: 'Publish' }).click();
    await expect(editor.getByText(/^Published: [\d,]+ rows/)).toBeVisible({ timeout: 60_000 });
    // The footer's Close (the first is the dialog's ×).
    await editor.getByRole('button', { name: 'Close' }).last().click();

    // The demo's segments now show the mapped accounts; MRR is a mapped attribute.
    await openSegmentFromMenu(page, 'All accounts');
    const row = (name: string) => page.locator('.ant-table-row').filter({ hasText: name });
    await expect(row('Initech')).toBeVisible({ timeout: 30_000 });
    expect(await readTotal(page)).toBe(3);
    await addMrrGreaterThan(page, '500');
    await expect(row('Globex')).toHaveCount(0);
    await expect(row('Acme')).toBeVisible();
    expect(await readTotal(page)).toBe(2);

    // A custom attribute: a segment column with its own name and options.
    await page.getByRole('button', { name: 'Add filter' }).click();
    // Last in the catalogue, so below the list's fold: found by typing, as a user would.
    const field = page.getByRole('combobox', { name: 'Field' });
    await field.click();
    await field.fill('Account owner');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Account owner/ })
      .first()
      .click();
    await pickOption(page, 'Operator', 'is any of');
    await pickOption(page, 'Value for Account owner', 'Sam');
    // A multiple select keeps its list open; a click on the popover's title closes it.
    await page.getByText('Add a filter', { exact: true }).click();
    await page.getByRole('button', { name: 'Apply filter' }).click();
    await expect(page.getByRole('list', { name: 'Filters' })).toContainText(
      'Account owner is any of Sam',
    );
    await expect(row('Acme')).toHaveCount(0);
    await expect(row('Initech')).toBeVisible();
    expect(await readTotal(page)).toBe(1);
  });
});
