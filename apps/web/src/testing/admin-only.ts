import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** The tooltip that says `text`, once shown (it fades in: slow on a loaded machine). */
export const expectTooltip = (text: string) =>
  waitFor(() => expect(screen.getByRole('tooltip', { name: text })).toBeVisible(), {
    timeout: 5_000,
  });

/** A member's admin-only button: disabled, and hovering it tells why in a tooltip. */
export async function expectAdminOnly(button: HTMLElement, reason: string) {
  expect(button).toBeDisabled();
  await userEvent.hover(button);
  await expectTooltip(reason);
  await userEvent.unhover(button);
}
