import { expect, test, type Page } from '@playwright/test';
import { apiOf, type Api } from './support/api.js';
import { cardOf, connectInSandbox } from './support/crm-sandbox.js';
import { pickOption, signInAsReturningDemoUser } from './support/segment-page.js';
import { demoServerForDescribe } from './support/server.js';

const PORT = 3225;
const SCREENSHOTS = process.env.ACTIVATIONS_SCREENSHOTS_DIR;

interface Run {
  id: string;
  status: string;
  counts: { added: number; changed: number; removed: number; unchanged: number; failed: number };
}

/** The activation's newest run, once it is over. */
async function waitForRun(page: Page, api: Api, id: string) {
  let last: Run | undefined;
  await expect
    .poll(
      async () => {
        last = (await api<{ data: Run[] }>(`/api/v1/activations/${id}/runs`)).data[0];
        return last?.status;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^(succeeded|partial|failed)$/);
  return last!;
}

/**
 * Issue 27 end to end: an activation of the "Product-qualified accounts" segment's "Highly
 * active" cohort to Salesforce accounts (upsert by an external id) made in the editor; a dry
 * run shows the change set and sends nothing; "Run now" sends it; the cohort then takes more
 * accounts and the next run sends only those.
 */
test.describe('activations', () => {
  const server = demoServerForDescribe(PORT);

  test('create, dry run, run, change the data, only the changes sent', async ({ page }) => {
    test.setTimeout(300_000);
    page.setDefaultTimeout(30_000);
    await signInAsReturningDemoUser(page, `${server().url}/app/connections`);
    await connectInSandbox(page, cardOf(page, 'Salesforce'), 'Salesforce');
    const api = await apiOf(server().url, { expectOk: true });
    const ours = async () =>
      (await api<Record<string, unknown>[]>('/sandbox/salesforce/objects/Account')).filter(
        (row) => row.Revlane_Account_Id__c,
      );
    expect(await ours()).toHaveLength(0);

    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Activations' })
      .click();
    await expect(page.getByRole('heading', { name: 'Activations', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New activation' }).first().click();
    await expect(page).toHaveURL(/\/app\/activations\/new$/);

    await page.getByLabel('Name').fill('PQLs to Salesforce');
    await pickOption(page, 'Cohort', 'Highly active', {
      scope: page.getByRole('region', { name: 'Cohort' }),
      search: true,
    });
    await pickOption(page, 'Provider', 'Salesforce');
    await pickOption(page, 'Object', 'Account', { search: true });
    const match = page.getByRole('region', { name: 'Match' });
    await pickOption(page, 'Cohort column', 'Account ID', { scope: match, search: true });
    await pickOption(page, 'Destination field', 'Revlane_Account_Id__c', {
      scope: match,
      search: true,
    });
    const mapping = page.getByRole('region', { name: 'Field mapping' });
    for (const [index, [column, field]] of [
      ['Name', 'Name · string'],
      ['MRR', 'MRR__c · currency'],
    ].entries()) {
      const row = mapping.getByRole('listitem', { name: `Field ${index + 1}`, exact: true });
      // The editor starts with one empty row.
      if ((await row.count()) === 0)
        await mapping.getByRole('button', { name: 'Add field' }).click();
      await pickOption(page, 'Cohort column', column!, { scope: row, search: true });
      await pickOption(page, 'Destination field', field!, { scope: row, search: true });
    }
    await page.getByRole('radio', { name: /^Upsert/ }).check();
    await page.getByRole('button', { name: 'Create activation' }).click();
    await expect(page).toHaveURL(/\/app\/activations\/[0-9a-f-]{36}$/);
    const activationId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'PQLs to Salesforce' })).toBeVisible();

    // The dry run: the change set, 20 sample changes, and nothing at Salesforce.
    await page.getByRole('button', { name: 'Dry run' }).click();
    const counts = page.getByLabel('Dry run counts');
    await expect(counts).toContainText('added', { timeout: 60_000 });
    const dry = await waitForRun(page, api, activationId);
    expect(dry).toMatchObject({ status: 'succeeded' });
    const members = dry.counts.added;
    expect(members).toBeGreaterThan(0);
    await expect(counts).toContainText(`${members} added`);
    // Each sample is an item of the list, with its field changes nested inside.
    const samples = page.getByRole('list', { name: 'Sample changes' }).locator(':scope > li');
    await expect(samples).toHaveCount(Math.min(20, members));
    expect(await ours()).toHaveLength(0);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/activation-dry-run.png`, fullPage: true });

    // The run: every member upserted as a Salesforce account.
    await page.getByRole('button', { name: 'Run now' }).click();
    const first = await waitForRun(page, api, activationId);
    expect(first).toMatchObject({
      status: 'succeeded',
      counts: { added: members, changed: 0, removed: 0, failed: 0 },
    });
    expect(await ours()).toHaveLength(members);
    await expect(page.getByRole('table', { name: 'Runs' })).toContainText(`${members} added`);

    // The data changes: the cohort takes the accounts with 4 active users too.
    const segments = (
      await api<{ data: { id: string; name: string }[] }>('/live-ops/api/v1/segments/me')
    ).data;
    const segmentId = segments.find((s) => s.name === 'Product-qualified accounts')!.id;
    const cohorts = (
      await api<{ data: { id: string; name: string }[] }>(
        `/live-ops/api/v1/segments/${segmentId}/cohorts`,
      )
    ).data;
    const cohortId = cohorts.find((c) => c.name === 'Highly active')!.id;
    await api(`/live-ops/api/v1/segments/${segmentId}/cohorts/${cohortId}`, {
      method: 'PATCH',
      body: JSON.stringify({ filters: [{ field: 'active_users_7d', operator: 'gte', value: 4 }] }),
    });
    // Its snapshots follow the change: dry runs say when the new members are known (two in a
    // row agreeing on a non-zero count).
    let entered = 0;
    await expect
      .poll(
        async () => {
          const started = await api<{ data: { id: string } }>(
            `/api/v1/activations/${activationId}/runs`,
            { method: 'POST', body: JSON.stringify({ dryRun: true }) },
          );
          expect(started.data.id).toBeTruthy();
          const previous = entered;
          entered = (await waitForRun(page, api, activationId)).counts.added;
          return entered > 0 && entered === previous;
        },
        { timeout: 60_000 },
      )
      .toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'Run now' }).click();
    const second = await waitForRun(page, api, activationId);
    expect(second).toMatchObject({
      status: 'succeeded',
      counts: { added: entered, changed: 0, removed: 0, unchanged: members, failed: 0 },
    });
    expect(await ours()).toHaveLength(members + entered);
    await expect(page.getByRole('table', { name: 'Runs' })).toContainText(`${entered} added`);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/activation-runs.png`, fullPage: true });
  });
});
