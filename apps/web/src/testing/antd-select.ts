import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** The option texts of the open antd Select dropdown (the visible list, not the a11y copy). */
export function visibleOptions(): string[] {
  const dropdowns = document.querySelectorAll(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  );
  const last = dropdowns[dropdowns.length - 1];
  return [...(last?.querySelectorAll('.ant-select-item-option') ?? [])].map(
    (option) => option.textContent ?? '',
  );
}

/** Picks the option of the open antd Select dropdown whose text starts with `text`. */
export async function pickOpenOption(text: string) {
  let option: Element | undefined;
  await waitFor(() => {
    const dropdowns = document.querySelectorAll(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    );
    const last = dropdowns[dropdowns.length - 1];
    option = [...(last?.querySelectorAll('.ant-select-item-option') ?? [])].find((item) =>
      (item.textContent ?? '').startsWith(text),
    );
    if (!option) throw new Error(`no option "${text}" in ${visibleOptions().join(' | ')}`);
  });
  await userEvent.click(option!);
}

/**
 * Opens the antd Select named `name` inside `scope` (a whole-page role query is slow in jsdom)
 * and picks the option whose text starts with `text`.
 */
export async function pickOptionWithin(scope: HTMLElement, name: string | RegExp, text: string) {
  await userEvent.click(within(scope).getByRole('combobox', { name }));
  await pickOpenOption(text);
}

/** Opens an antd Select by its accessible name and picks the option whose text starts with `text`. */
export const pickOption = (name: string | RegExp, text: string) =>
  pickOptionWithin(document.body, name, text);

/**
 * Presses Enter in an open antd Select, taking its active option. rc-select reads the legacy
 * `which` code, which user-event leaves at 0 in jsdom (a browser sets it: the Playwright
 * flows press the real key).
 */
export function pressEnterIn(select: HTMLElement) {
  const enter = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 };
  fireEvent.keyDown(select, enter);
  fireEvent.keyUp(select, enter);
}
