import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  COHORT_API_ROUTES,
  OTHER_COHORT_ID,
  cohort,
} from '@/features/cohorts/testing/cohort-fixtures';
import type { ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { openApp } from '@/testing/open-app';

// Whole pages with the table and dialogs; on a busy shared machine these take a while.
const SLOW_ROUTE_TEST_MS = 120_000;

function open(path: string, routes: ApiRoutes = {}) {
  openApp(path, { ...COHORT_API_ROUTES, ...routes });
}

const focused = () => document.activeElement as HTMLElement | null;
const isFocusLost = () =>
  document.activeElement === null || document.activeElement === document.body;

/** Tabs until `target` has focus; fails if it is not reached (it must be in the Tab order). */
async function tabTo(target: HTMLElement, { back = false, max = 40 } = {}) {
  for (let step = 0; step < max && document.activeElement !== target; step += 1) {
    await userEvent.tab({ shift: back });
  }
  expect(target).toHaveFocus();
}

describe('app shell by keyboard (architecture §8)', () => {
  it('has one main landmark, and a skip link as the first Tab stop that focuses it', async () => {
    open('/app/home');
    await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(screen.getAllByRole('main')).toHaveLength(1);

    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // It moves focus without putting a fragment into the address.
    expect(window.location.hash).toBe('');
  });

  it.each(['Setup', 'Metrics', 'Segments'])(
    'reaches the menu section %s with Tab and opens it with Enter',
    async (name) => {
      open('/app/home');
      const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
      const section = within(sidebar).getByRole('menuitem', { name });
      expect(section).toHaveAttribute('aria-expanded', 'false');
      const title = within(section).getByText(name);
      await tabTo(title);
      // antd's menu reads the legacy `which`, which user-event leaves at 0 in jsdom.
      fireEvent.keyDown(title, { key: 'Enter', keyCode: 13, which: 13 });
      await waitFor(() => expect(section).toHaveAttribute('aria-expanded', 'true'));
    },
  );
});

describe('segment page by keyboard', () => {
  it(
    'Add filter: Enter moves focus into the builder, and closing it gives focus back',
    async () => {
      open('/app/segments/seg-1');
      await screen.findByText('Globex');
      const addFilter = screen.getByRole('button', { name: /Add filter/ });
      // Tabbing through the whole page is slow in jsdom; the Playwright flow tabs to it, and
      // applies a filter by keyboard (applying gives focus back: segment-settings.test.tsx).
      addFilter.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Field' })).toHaveFocus());
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(addFilter).toHaveFocus());
      expect(addFilter).toHaveAttribute('aria-expanded', 'false');
    },
    SLOW_ROUTE_TEST_MS,
  );

  it(
    'Save as cohort: the dialog takes focus, gives it back when discarded, and a save keeps it on the page',
    async () => {
      const created = cohort({
        id: OTHER_COHORT_ID,
        name: 'Enterprise',
        filters: [],
        members: null,
      });
      open('/app/segments/seg-1', {
        'POST /live-ops/api/v1/segments/seg-1/cohorts': () => jsonResponse(201, { data: created }),
        [`GET /live-ops/api/v1/cohorts/${OTHER_COHORT_ID}`]: created,
      });
      const header = (await screen.findByRole('heading', { level: 1 })).closest('header')!;
      const save = within(header).getByRole('button', { name: /Save as cohort/ });
      save.focus();
      await userEvent.keyboard('{Enter}');
      // The dialog takes focus (in a browser its name field has it, see the Playwright flow).
      const name = await screen.findByRole('textbox', { name: 'Cohort name' });
      await waitFor(() => expect(name.closest('[role="dialog"]')).toContainElement(focused()));
      await userEvent.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('textbox', { name: 'Cohort name' })).toBeNull(),
      );
      await waitFor(() => expect(save).toHaveFocus());

      await userEvent.keyboard('{Enter}');
      await userEvent.type(
        await screen.findByRole('textbox', { name: 'Cohort name' }),
        'Enterprise{Enter}',
      );
      await waitFor(() =>
        expect(window.location.pathname).toBe(`/app/segments/seg-1/${OTHER_COHORT_ID}`),
      );
      // The dialog and its button are gone with the old page: the new page's main has focus.
      await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
      expect(isFocusLost()).toBe(false);
    },
    SLOW_ROUTE_TEST_MS,
  );
});
