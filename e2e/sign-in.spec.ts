import { expect, test } from '@playwright/test';
import { DEMO_USER, MEMBER_USER, SUPPORT_USER, DEMO_PASSWORD } from './support/demo.js';
import { signInForAccessToken } from './support/oauth.js';
import { startServer, stopAndRemove, type RunningServer } from './support/server.js';
import { fillSignIn } from './support/sign-in.js';

const PORT = 3101;
let server: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer({ port: PORT });
});

test.afterAll(async () => {
  await stopAndRemove(server);
});

test('signs in as the demo user and lands on /app/home', async ({ page }) => {
  await page.goto(server.url);
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await expect(page.getByText('The #1 Data Automation Platform for Revenue Teams.')).toBeVisible();
  await fillSignIn(page, DEMO_USER.email);
  await expect(page).toHaveURL(`${server.url}/app/home`);
  await expect(page.getByText(`Signed in as ${DEMO_USER.name}`)).toBeVisible();
});

test('a wrong password or unknown email shows a clear error', async ({ page }) => {
  await page.goto(`${server.url}/app/home`);
  await fillSignIn(page, DEMO_USER.email, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Wrong email or password.');
  // The same answer: the form does not tell which addresses have an account.
  await fillSignIn(page, 'nobody@acme.example');
  await expect(page.getByRole('alert')).toContainText('Wrong email or password.');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
});

test('a deep link survives sign-in with its exact path and query', async ({ page }) => {
  await page.goto(`${server.url}/app/profile?tab=x`);
  await fillSignIn(page, DEMO_USER.email);
  await expect(page).toHaveURL(`${server.url}/app/profile?tab=x`);
});

test('reload and a server restart keep the user signed in; sign-out ends it', async ({ page }) => {
  // A server restart and two round trips through the identity provider.
  test.setTimeout(120_000);
  await page.goto(`${server.url}/app/home`);
  await fillSignIn(page, DEMO_USER.email);
  await expect(page.getByText(`Signed in as ${DEMO_USER.name}`)).toBeVisible();

  await page.reload();
  await expect(page.getByText(`Signed in as ${DEMO_USER.name}`)).toBeVisible();

  await server.stop();
  server = await startServer({ port: PORT, dataDir: server.dataDir });
  await page.reload();
  await expect(page.getByText(`Signed in as ${DEMO_USER.name}`)).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/app/home`);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${DEMO_USER.name}`)).toHaveCount(0);
});

test('an impersonation link signs support in as the user, off the address bar', async ({
  page,
}) => {
  const supportToken = await signInForAccessToken(server.url, SUPPORT_USER.email, DEMO_PASSWORD);
  const memberToken = await signInForAccessToken(server.url, MEMBER_USER.email, DEMO_PASSWORD);
  const member = (await (
    await fetch(`${server.url}/user/api/v1/users/me`, {
      headers: { authorization: `Bearer ${memberToken}` },
    })
  ).json()) as { data: { id: string } };

  const impersonateHeaders: string[] = [];
  page.on('request', (request) => {
    const header = request.headers()['impersonate-user'];
    if (request.url().includes('/user/api/v1/') && header) impersonateHeaders.push(header);
  });
  const link = `${server.url}/app/home?accessToken=${supportToken}&impersonateUser=${member.data.id}`;
  await page.goto(link);

  await expect(page.getByText(`Signed in as ${MEMBER_USER.name}`)).toBeVisible();
  await expect(page.getByText(/Impersonating/)).toBeVisible();
  expect(page.url()).toBe(`${server.url}/app/home`);
  expect(page.url()).not.toContain(supportToken);
  expect(impersonateHeaders).toContain(member.data.id);
});
