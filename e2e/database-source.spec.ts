import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { serverForDescribe } from './support/server.js';
import { openConnections, pickOption } from './support/segment-page.js';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The customer's database: a fresh one on the local PostgreSQL server, or null without one. */
async function customerDatabase(): Promise<{ url: URL; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `e2e_billing_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  // A renewal date of 'infinity' no warehouse date holds: it lands empty and the run says so.
  await client.query(`CREATE TABLE billing (id int PRIMARY KEY, mrr numeric(12,2),
      renews date, cash money, notes text);
    INSERT INTO billing VALUES (1, 1024.22, '2026-01-31', 12.5, 'a'),
      (2, 0.1, 'infinity', 3, 'b'), (3, 0.2, NULL, NULL, 'secret')`);
  await client.end();
  return {
    url,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('a PostgreSQL source', () => {
  const server = serverForDescribe(
    { port: 3205, env: { OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true' } },
    120_000,
  );
  let database: Awaited<ReturnType<typeof customerDatabase>> = null;
  test.beforeAll(async () => {
    database = await customerDatabase();
  });
  test.afterAll(() => database?.drop());

  test('loads with a cursor and a column left out; the card says what could not land', async ({
    page,
  }) => {
    test.skip(!database, 'no PostgreSQL server answers');
    test.setTimeout(180_000);
    const url = database!.url;
    await openConnections(page, server().url);
    await page.getByRole('button', { name: 'Add data source' }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Add data source' });
    await wizard.getByRole('button', { name: /PostgreSQL/ }).click();
    await wizard.getByLabel('Name').fill('Billing');
    await wizard.getByLabel('Host').fill(url.hostname);
    await wizard.getByLabel('Port').fill(url.port || '5432');
    await wizard.getByLabel('Database').fill(url.pathname.slice(1));
    await wizard.getByLabel('User').fill(decodeURIComponent(url.username));
    await wizard.getByRole('button', { name: 'Next' }).click();

    const tables = wizard.getByRole('table', { name: /Available/ });
    await tables
      .getByRole('row', { name: /billing/ })
      .getByRole('checkbox')
      .check();
    const options = wizard.getByRole('button', { name: 'Options for billing' });
    await options.click();
    await expect(options).toHaveAttribute('aria-expanded', 'true');
    const section = wizard.getByRole('region', { name: 'Options for billing' });
    await pickOption(page, 'Cursor column', 'id', { scope: section, search: true });
    await pickOption(page, 'Leave out columns', 'notes', { scope: section, search: true });
    await page.keyboard.press('Escape');
    await expect(section).toContainText('notes');
    await wizard.getByRole('button', { name: 'Start sync' }).click();

    await expect(wizard.getByText('Loaded 3 rows into your warehouse')).toBeVisible({
      timeout: 60_000,
    });
    await expect(wizard).toContainText('Some values could not land as the source holds them');
    await wizard.getByRole('button', { name: 'Done' }).click();

    const card = page
      .getByRole('region', { name: 'Data sources' })
      .getByRole('listitem', { name: 'Billing' });
    await expect(card).toContainText('Succeeded');
    await expect(card).toContainText(
      'billing.renews: 1 value outside the years 1 to 9999 (infinity, a date before Christ) landed empty',
    );
    const columns = card.getByRole('button', { name: 'Columns' });
    await columns.click();
    await expect(columns).toHaveAttribute('aria-expanded', 'true');
    const landed = card.getByRole('region', { name: 'Columns of billing' });
    await expect(landed.getByRole('row', { name: /^mrr/ })).toContainText('decimal (12, 2)');
    await expect(landed.getByRole('row', { name: /^cash/ })).toContainText(
      'money: landed as a decimal',
    );
    // Left out: never read, never landed.
    await expect(landed.getByRole('row', { name: /^notes/ })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/i23-database-source.png' });
  });
});
