import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { MEMBER_USER } from './support/demo.js';
import { startServer, stopAndRemove, type RunningServer } from './support/server.js';
import { fillSignIn } from './support/sign-in.js';

const PORT = 3170;
const NEW_PASSWORD = 'a brand new secret';
const root = path.resolve(import.meta.dirname, '..');
/** A page reached through the provider's redirects and a lazy route; slow on a loaded machine. */
const ARRIVAL = { timeout: 30_000 };
let server: RunningServer;

test.beforeAll(async () => {
  // A first start (migrations, demo data) on a loaded 2-core machine can pass a minute.
  test.setTimeout(120_000);
  server = await startServer({ port: PORT });
});

test.afterAll(async () => {
  await stopAndRemove(server);
});

/** The reset link, read the README's way: `npm run outbox` on the server's data directory. */
async function resetLinkFromOutbox(dataDir: string): Promise<string> {
  let printed = '';
  await expect
    .poll(() => {
      printed = execFileSync('npm', ['run', '--silent', 'outbox'], {
        cwd: root,
        env: { ...process.env, REVLANE_DATA_DIR: dataDir },
        encoding: 'utf8',
      });
      return printed;
    })
    .toContain('/reset-password#token=');
  expect(printed).toContain(`To: ${MEMBER_USER.email}`);
  return /(http\S+\/reset-password#token=\S+)/.exec(printed)![1]!;
}

test('forgot password: mail in the outbox, a new password, sign in with it', async ({ page }) => {
  // Four pages, two sign-ins and a CLI run: on a loaded 2-core machine, about a minute.
  test.slow();
  await page.goto(`${server.url}/app/home`);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible(ARRIVAL);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in form has an Email field too: fill the one of the page that asks for it.
  await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible(
    ARRIVAL,
  );
  await page.getByLabel('Email').fill(MEMBER_USER.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(
    page.getByText('If an account exists for that address, we sent a link'),
  ).toBeVisible();

  await page.goto(await resetLinkFromOutbox(server.dataDir));
  await expect(page).toHaveURL(`${server.url}/reset-password`);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible(ARRIVAL);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password has been changed. Sign in with your new password.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible(ARRIVAL);
  await fillSignIn(page, MEMBER_USER.email, NEW_PASSWORD);
  await expect(page).toHaveURL(`${server.url}/app/home`);
  await expect(page.getByText(`Signed in as ${MEMBER_USER.name}`)).toBeVisible(ARRIVAL);
});
