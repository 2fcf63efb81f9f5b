import { expect, test } from '@playwright/test';
import { apiOf } from './support/api.js';
import { signInAsReturningDemoUser } from './support/segment-page.js';
import { demoServerForDescribe } from './support/server.js';

const PORT = 3230;
const SCREENSHOTS = process.env.SCORES_SCREENSHOTS_DIR;

/**
 * Issue 28 end to end: the demo's "Product-qualified" score in the list; its page previews
 * the distribution and ten examples, each opening the account's page with the score's
 * breakdown; a back-test against `plan_upgraded` shows that it predicts; a new score made in
 * the editor, refused field by field, then created and deleted.
 */
test.describe('scores', () => {
  const server = demoServerForDescribe(PORT);

  test('the demo score: preview, an example account, a back-test', async ({ page }) => {
    test.setTimeout(300_000);
    page.setDefaultTimeout(30_000);
    await signInAsReturningDemoUser(page, `${server().url}/app/home`);
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Scores', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Scores', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Scores', exact: true });
    const row = table.getByRole('row').filter({ hasText: 'Product-qualified' });
    await expect(row).toContainText('Accounts');
    await expect(row).toContainText('2 fit · 2 behaviour');
    await expect(row).toContainText('A ≥ 80 · B ≥ 60 · C ≥ 40 · D');
    await row.getByRole('link', { name: 'Product-qualified' }).click();
    await expect(page).toHaveURL(/\/app\/scores\/[^/]+$/);
    const scoreUrl = page.url();
    await expect(page.getByRole('heading', { name: 'Product-qualified', level: 1 })).toBeVisible();

    // The saved definition is previewed at once: ten bins, the grades, ten examples.
    const preview = page.getByRole('region', { name: 'Preview' });
    const histogram = preview.getByRole('figure', { name: 'Score distribution' });
    await expect(histogram).toBeVisible({ timeout: 60_000 });
    await expect(histogram.getByRole('listitem')).toHaveCount(10);
    await expect(preview.getByRole('list', { name: 'Records per grade' })).toContainText(
      'A (≥ 80)',
    );
    const examples = preview.getByRole('list', { name: 'Example records' }).locator(':scope > li');
    await expect(examples).toHaveCount(10);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/score-editor.png`, fullPage: true });

    // The back-test against upgrades: the score ranks who upgraded above who did not.
    const backtest = page.getByRole('region', { name: 'Back-test' });
    await backtest.getByRole('radio', { name: 'Did an event' }).check();
    await backtest.getByLabel('Outcome event').fill('plan_upgraded');
    await expect(backtest.getByLabel('Horizon (days)')).toHaveValue('30');
    await backtest.getByRole('button', { name: 'Run back-test' }).click();
    const summary = backtest.getByLabel('Back-test summary');
    await expect(summary).toContainText('AUC', { timeout: 60_000 });
    const auc = Number(
      await summary.locator('div').filter({ hasText: /^AUC/ }).locator('dd').textContent(),
    );
    expect(auc).toBeGreaterThan(0.5);
    await expect(summary).toContainText('Lift of the top decile');
    await expect(
      backtest.getByRole('table', { name: 'Conversion by decile' }).locator('tbody tr'),
    ).toHaveCount(10);
    await expect(
      backtest.getByRole('table', { name: 'Conversion by grade' }).locator('tbody tr'),
    ).toHaveCount(4);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/score-backtest.png`, fullPage: true });

    // An example opens its account's page, whose "Scores" card shows the whole breakdown.
    const first = examples.first();
    await first.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/app\/accounts\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const card = page.getByRole('region', { name: 'Scores', exact: true });
    const scored = card.getByRole('listitem', { name: 'Product-qualified' });
    await expect(scored).toBeVisible();
    await expect(scored.getByRole('link', { name: 'Product-qualified' })).toHaveAttribute(
      'href',
      new URL(scoreUrl).pathname,
    );
    await expect(scored.getByLabel(/^Grade /)).toBeVisible();
    await expect(scored.getByLabel(/^Score \d+$/)).toBeVisible();
  });

  test('a new score: refused field by field, created, then deleted', async ({ page }) => {
    test.setTimeout(300_000);
    page.setDefaultTimeout(30_000);
    await signInAsReturningDemoUser(page, `${server().url}/app/scores`);
    await page.getByRole('button', { name: 'New score' }).first().click();
    await expect(page).toHaveURL(/\/app\/scores\/new$/);
    await expect(page.getByRole('heading', { name: 'New score', level: 1 })).toBeVisible();

    await page
      .getByRole('region', { name: 'Score', exact: true })
      .getByLabel('Name')
      .fill('Exporters');
    const behaviour = page.getByRole('region', { name: 'Behaviour rules' });
    await behaviour.getByRole('button', { name: 'Add behaviour rule' }).click();
    const rule = behaviour.getByRole('listitem', { name: 'Behaviour rule 1' });
    await rule.getByRole('combobox', { name: 'Event' }).fill('export_created');
    // The preview follows the edit.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('figure', { name: 'Score distribution' })).toBeVisible({
      timeout: 60_000,
    });

    // 0 points is refused by the server, next to the field.
    await rule.getByLabel('Points per event').fill('0');
    await page.getByRole('button', { name: 'Create score' }).click();
    await expect(rule.getByRole('alert')).toContainText('not 0');
    await rule.getByLabel('Points per event').fill('4');
    await page.getByRole('button', { name: 'Create score' }).click();
    await expect(page).toHaveURL(/\/app\/scores\/(?!new$)[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Exporters', level: 1 })).toBeVisible();
    const id = page.url().split('/').pop()!;
    const api = await apiOf(server().url, { expectOk: true });
    const saved = await api<{ data: { behaviour: unknown[]; columns: { score: string } } }>(
      `/live-ops/api/v1/scores/${id}`,
    );
    expect(saved.data.behaviour).toEqual([
      { event: 'export_created', points: 4, lifespanDays: 30 },
    ]);
    expect(saved.data.columns.score).toBe('score_exporters');

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the score "Exporters"?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/app\/scores$/);
    await expect(page.getByRole('table', { name: 'Scores', exact: true })).not.toContainText(
      'Exporters',
    );
  });
});
