import { expect, test, type Page } from '@playwright/test';
import { signInAsDemoUser } from './support/segment-page.js';
import { serverForDescribe } from './support/server.js';

test.use({ viewport: { width: 1440, height: 960 } });

/** Screenshots wait until dialogs and menus have finished animating in. */
async function screenshot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.screenshot({ path: `/tmp/${name}.png` });
}

const NAME = 'Power users e2e';

test.describe('create a segment from the menu, then delete it', () => {
  const server = serverForDescribe({ port: 3216 });

  test('"Create new..." asks a name and a base table, opens the new segment and lists it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAsDemoUser(page, `${server().url}/app/home`);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const section = sidebar.getByRole('menuitem', { name: 'Segments', exact: true });
    await section.click();
    // The section opens, its segments listed and its motion over, before "Create new..."
    // is clicked: a list arriving mid-click moved it from under the pointer (a lost click).
    await expect(section).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar.getByRole('menuitem', { name: 'All accounts' })).toBeVisible();
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    await sidebar.getByRole('menuitem', { name: 'Create new...' }).click();

    const dialog = page.getByRole('dialog', { name: 'Create a segment' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(NAME);
    // Radio buttons hide their input: the label is what a user clicks.
    await dialog.getByText('Users', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Users' })).toBeChecked();
    await screenshot(page, 'segments-create-dialog');
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith('/live-ops/api/v1/segments'),
    );
    await dialog.getByRole('button', { name: 'Create segment' }).click();
    expect((await created).status()).toBe(201);

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/app\/segments\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
    const entry = sidebar.getByRole('menuitem', { name: NAME });
    await expect(entry).toBeVisible();
    await expect(entry).toHaveClass(/ant-menu-item-selected/);
    await expect(entry.getByRole('link')).toHaveAttribute('href', new URL(page.url()).pathname);
    await screenshot(page, 'segments-create-opened');

    // It stays: the server lists it after a reload too, last before "Create new...".
    await page.reload();
    await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
    const items = sidebar.getByRole('menuitem');
    const names = await items.allTextContents();
    expect(names.indexOf(NAME)).toBe(names.indexOf('Create new...') - 1);

    // Deleted from its general settings (nothing depends on it), it leaves the menu.
    await page.getByRole('link', { name: 'Segment settings' }).click();
    await page.getByRole('button', { name: 'Delete segment' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${NAME}?` });
    const remove = confirm.getByRole('button', { name: 'Delete' });
    await expect(remove).toBeEnabled();
    await screenshot(page, 'segments-delete-dialog');
    await remove.click();
    await expect(page).toHaveURL(`${server().url}/app/home`);
    // The section stays open from the segment pages.
    await expect(sidebar.getByRole('menuitem', { name: 'Segments', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(sidebar.getByRole('menuitem', { name: 'All accounts' })).toBeVisible();
    await expect(sidebar.getByRole('menuitem', { name: NAME })).toHaveCount(0);
  });
});
