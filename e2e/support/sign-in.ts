import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.js';

/** Fills the embedded provider's sign-in screen the way a person does. */
export async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  // The first screen of a freshly started server can take a while on a loaded CI machine
  // (the demo warehouse loads beside it): wait longer than the usual expect timeout.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
