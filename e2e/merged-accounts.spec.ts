import { expect, test } from '@playwright/test';
import { MEMBER_USER } from './support/demo.js';
import { apiOf } from './support/api.js';
import { addCsvSource } from './support/csv-upload.js';
import { cardOf, connectInSandbox, syncCrm } from './support/crm-sandbox.js';
import { pickAll } from './support/mapping-editor.js';
import {
  openSegmentFromMenu,
  pickOption,
  readTotal,
  signInAsReturningDemoUser,
} from './support/segment-page.js';
import { fillSignIn } from './support/sign-in.js';
import { demoServerForDescribe } from './support/server.js';

const PORT = 3220;
const SCREENSHOTS = process.env.MERGED_SCREENSHOTS_DIR;

/**
 * Three product accounts the Salesforce sandbox also holds (its first, sixth and eleventh,
 * owned by its first user, Alex Member, the demo's rep), their domains written as a product
 * writes them; users, one of them a Salesforce contact in other case; and a few events.
 */
const ACCOUNTS_CSV = `account_id,company,website
p1,Delta Analytics,https://www.DeltaAnalytics.io/app
p2,Globe Logistics,globelogistics.com
p3,Iron Works,ironworks.net
`;
const USERS_CSV = `user_id,email,full_name,account_id
u1,Alex.Smith@deltaanalytics.io,Alex Smith,p1
u2,nina@deltaanalytics.io,Nina Park,p1
u3,casey.kim@globelogistics.com,Casey Kim,p2
`;
const day = (daysAgo: number, hour: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10) + ` ${hour}:00:00`;
const EVENTS_CSV = `user_id,event,occurred_at
u1,login,${day(3, 9)}
u1,report_viewed,${day(2, 10)}
u2,login,${day(1, 11)}
u3,login,${day(1, 12)}
`;
/** Salesforce's Account Id of Delta Analytics in the sandbox. */
const DELTA_SALESFORCE_ID = '001SBX000001';

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * Issue 26 end to end: Salesforce connected and synced in the sandbox, its Account joined to
 * the product's accounts by domain in the mapping editor, published; a rep filters "owner is
 * me", opens an account from the table and sees its users, timeline and Salesforce owner; a
 * play's Salesforce task lands on that account (WhatId).
 */
test.describe('merged accounts', () => {
  const server = demoServerForDescribe(PORT);

  test('join Salesforce by domain, "owner is me", the account page, a task on the account', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    page.setDefaultTimeout(30_000);
    await signInAsReturningDemoUser(page, `${server().url}/app/connections`);
    const salesforce = cardOf(page, 'Salesforce');
    await connectInSandbox(page, salesforce, 'Salesforce');
    await syncCrm(salesforce);
    await addCsvSource(page, 'product-accounts.csv', ACCOUNTS_CSV, 3);
    await addCsvSource(page, 'product-users.csv', USERS_CSV, 3);
    await addCsvSource(page, 'product-events.csv', EVENTS_CSV, 4);

    // A play acting when Delta Analytics enters its cohort: the publish brings it in anew.
    const api = await apiOf(server().url);
    const segments = (
      await api<{ data: { id: string; name: string }[] }>('/live-ops/api/v1/segments/me')
    ).data;
    const accountsSegment = segments.find((segment) => segment.name === 'All accounts')!.id;
    const cohort = await api<{ data: { id: string } }>(
      `/live-ops/api/v1/segments/${accountsSegment}/cohorts`,
      {
        method: 'POST',
        body: JSON.stringify({
          name: 'Delta',
          filters: [{ field: 'name', operator: 'includes', value: ['Delta Analytics'] }],
        }),
      },
    );
    const play = await api<{ data: { id: string } }>('/api/v1/plays', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Call Delta',
        status: 'active',
        trigger: { type: 'cohort_entered', cohortId: cohort.data.id },
        actions: [
          {
            type: 'salesforce_task',
            subject: 'Call {{account.name}}',
            description: 'Back in the cohort',
            dueInDays: 2,
          },
        ],
      }),
    });
    expect(play.data.id).toBeTruthy();

    // The mapping: product accounts, Salesforce's Account joined by domain.
    const source = page
      .getByRole('region', { name: 'Data sources' })
      .getByRole('listitem', { name: 'product-accounts' });
    await source.getByRole('button', { name: 'Map to accounts and contacts' }).click();
    const editor = page.getByRole('dialog', { name: 'Map to accounts and contacts' });
    const accounts = editor.getByRole('region', { name: 'Accounts' });
    await pickAll(page, accounts, [
      ['Table', 'product-accounts.csv'],
      ['Account id', 'account_id'],
      ['Name', 'company'],
      ['Domain or website', 'website'],
    ]);
    await accounts.getByRole('button', { name: 'Add a joined table' }).click();
    const joined = accounts.getByRole('region', { name: 'Joined table 1' });
    await pickAll(page, joined, [
      ['Source', 'Salesforce (Sandbox)'],
      ['Table', 'Account'],
      ['Match column', 'Website'],
      ['Attributes', 'Industry'],
    ]);
    const users = editor.getByRole('region', { name: 'Users (contacts)' });
    await pickAll(page, users, [
      ['Source', 'product-users'],
      ['Table', 'product-users.csv'],
      ['User id', 'user_id'],
      ['Email', 'email'],
      ['Name', 'full_name'],
      ['Account id', 'account_id'],
    ]);
    await editor.getByRole('switch', { name: 'Map events' }).click();
    const events = editor.getByRole('region', { name: 'Events' });
    await pickAll(page, events, [
      ['Source', 'product-events'],
      ['Table', 'product-events.csv'],
      ['User id', 'user_id'],
      ['Event name', 'event'],
      ['Occurred at', 'occurred_at'],
    ]);
    await expect(editor.getByRole('region', { name: 'Preview' })).toContainText(
      '3 of 3 product accounts matched a Salesforce account by domain; 0 product only; 297 CRM only',
      { timeout: 30_000 },
    );
    if (SCREENSHOTS) {
      await joined.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/mapping-join.png` });
      await editor.getByRole('region', { name: 'Preview' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/mapping-preview.png` });
    }
    await editor.getByRole('button', { name: 'Publish' }).click();
    await expect(editor.getByText(/^Published: [\d,]+ rows/)).toBeVisible({ timeout: 90_000 });
    await editor.getByRole('button', { name: 'Close' }).last().click();

    // The rep: "owner is me" keeps the 60 accounts Alex owns in Salesforce.
    await page.context().clearCookies();
    await page.goto(`${server().url}/app/home`);
    await fillSignIn(page, MEMBER_USER.email);
    const terms = page.getByRole('dialog', { name: 'Terms of Service' });
    await terms.getByRole('checkbox', { name: 'I agree to Terms of Service' }).check();
    await terms.getByRole('button', { name: 'Continue' }).click();
    await openSegmentFromMenu(page, 'All accounts');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await pickOption(page, 'Field', 'Owner email', { search: true });
    await pickOption(page, 'Operator', 'is any of');
    await page.getByLabel('Value for Owner email').fill('me');
    await page.getByRole('button', { name: 'Apply filter' }).click();
    await expect(page.getByRole('list', { name: 'Filters' })).toContainText(
      'Owner email is any of me',
    );
    await expect.poll(() => readTotal(page), { timeout: 30_000 }).toBe(60);

    // Delta Analytics from the table: its page, users, timeline and Salesforce owner.
    await page.getByRole('searchbox').fill('Delta Analytics');
    await expect.poll(() => readTotal(page), { timeout: 30_000 }).toBe(1);
    await page.getByRole('link', { name: 'Delta Analytics' }).click();
    await expect(page).toHaveURL(/\/app\/accounts\/p1$/);
    await expect(page.getByRole('heading', { name: 'Delta Analytics', level: 1 })).toBeVisible();
    await expect(page.getByText('Alex Member').first()).toBeVisible();
    const usersTable = page.getByRole('region', { name: 'Users' });
    await expect(usersTable.getByRole('link', { name: 'Alex Smith' })).toBeVisible();
    await expect(usersTable.getByRole('link', { name: 'Nina Park' })).toBeVisible();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('report_viewed');
    await expect(timeline).toContainText('login');
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/account-page.png`, fullPage: true });

    // The play's task: on Delta's Salesforce account, assigned to its owner.
    await expect(async () => {
      const received = await api<{ kind: string; body: Record<string, unknown> }[]>(
        '/sandbox/salesforce/received',
      );
      const tasks = received.filter((entry) => entry.kind === 'Task');
      expect(tasks).toHaveLength(1);
      expect(tasks[0]!.body).toMatchObject({
        Subject: 'Call Delta Analytics',
        WhatId: DELTA_SALESFORCE_ID,
        OwnerId: '005SBX000001',
      });
    }).toPass({ timeout: 120_000 });
  });
});
