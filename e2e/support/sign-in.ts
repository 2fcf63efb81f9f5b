import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.js';

/** Fills the embedded provider's sign-in screen the way a person does. */
export async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
