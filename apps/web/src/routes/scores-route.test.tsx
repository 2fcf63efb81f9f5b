import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIVE_OPS, preview, score } from '@/features/scores/testing/score-fixtures';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { expectAdminOnly } from '@/testing/admin-only';
import { requestsTo, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { impersonatedProfile, withRole } from '@/testing/profile-fixture';
import { openApp } from '@/testing/open-app';

// Whole pages with tables and forms; on a busy shared machine these take a while.
const SLOW_MS = 240_000;
const admin = withRole('admin');

const open = (path: string, routes: ApiRoutes = {}) =>
  openApp(path, {
    'GET /user/api/v1/users/me': admin,
    [`GET ${LIVE_OPS}/scores`]: [],
    ...routes,
  });

const region = (name: string) => screen.getByRole('region', { name });

describe('scores list (/app/scores)', () => {
  it(
    'lists each score: base table, rules, grades and when it changed; "Scores" is selected in the menu',
    async () => {
      open('/app/scores', {
        [`GET ${LIVE_OPS}/scores`]: [
          score(),
          score({
            id: 'sc-2',
            name: 'Engaged users',
            baseTable: 'users',
            fit: [],
            behaviour: [
              { event: 'signed_in', points: 1, lifespanDays: 14 },
              { event: 'report_exported', points: 5, lifespanDays: 30, cap: 20 },
            ],
            grades: [
              { label: 'Hot', min: 70 },
              { label: 'Cold', min: 0 },
            ],
            defaultGrades: false,
          }),
        ],
      });
      const table = await screen.findByRole('table', { name: 'Scores' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(2);
      expect(within(rows[0]!).getByRole('link', { name: 'Product-qualified' })).toHaveAttribute(
        'href',
        '/app/scores/sc-1',
      );
      expect(rows[0]).toHaveTextContent('Accounts');
      expect(rows[0]).toHaveTextContent('1 fit · 1 behaviour');
      expect(rows[0]).toHaveTextContent('A ≥ 80 · B ≥ 60 · C ≥ 40 · D');
      expect(rows[0]).toHaveTextContent(formatTimestamp('2026-03-01T10:00:00.000Z'));
      expect(rows[1]).toHaveTextContent('Users');
      expect(rows[1]).toHaveTextContent('0 fit · 2 behaviour');
      expect(rows[1]).toHaveTextContent('Hot ≥ 70 · Cold');
      const menu = screen.getByRole('menu');
      const entry = within(menu)
        .getAllByRole('menuitem')
        .find((item) => item.textContent?.includes('Scores'));
      expect(entry).toHaveClass('ant-menu-item-selected');
      expect(within(entry!).getByRole('link')).toHaveAttribute('href', '/app/scores');
    },
    SLOW_MS,
  );

  it(
    'shows a loading state, then the empty state explaining scores with "New score"',
    async () => {
      let answer: (response: Response) => void = () => undefined;
      open('/app/scores', {
        [`GET ${LIVE_OPS}/scores`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      await screen.findByRole('heading', { name: 'Scores', level: 1 });
      expect(document.querySelector('.ant-skeleton')).not.toBeNull();
      answer(jsonResponse(200, { data: [] }));
      const empty = await screen.findByRole('region', { name: 'No scores yet' });
      expect(empty).toHaveTextContent('fit rules');
      expect(screen.queryByRole('table')).toBeNull();
      await userEvent.click(within(empty).getByRole('button', { name: 'New score' }));
      expect(await screen.findByRole('heading', { name: 'New score', level: 1 })).toBeVisible();
      expect(window.location.pathname).toBe('/app/scores/new');
    },
    SLOW_MS,
  );

  it(
    'a member: "New score" is disabled and says only admins can',
    async () => {
      openApp('/app/scores', {
        'GET /user/api/v1/users/me': impersonatedProfile,
        [`GET ${LIVE_OPS}/scores`]: [score()],
      });
      await screen.findByRole('table', { name: 'Scores' });
      await expectAdminOnly(
        screen.getByRole('button', { name: 'New score' }),
        'Only admins can create scores',
      );
    },
    SLOW_MS,
  );
});

describe('new score (/app/scores/new)', () => {
  it(
    'a behaviour rule → the debounced preview shows the histogram, grades and examples; a 400 on behaviour[0].event shows under it; then the page opens',
    async () => {
      let answer: 'refuse' | 'accept' = 'refuse';
      const created = score({ id: 'sc-new', name: 'Exporters', fit: [] });
      const { requests } = open('/app/scores/new', {
        [`POST ${LIVE_OPS}/scores/preview`]: preview(),
        [`POST ${LIVE_OPS}/scores`]: () =>
          answer === 'refuse'
            ? jsonResponse(400, {
                error: 'bad_request',
                message: 'Some fields are not valid',
                errors: [{ path: 'body.behaviour[0].event', message: 'No event is named so' }],
              })
            : jsonResponse(201, { data: created }),
        [`GET ${LIVE_OPS}/scores/sc-new`]: created,
      });
      await screen.findByRole('heading', { name: 'New score', level: 1 });
      const create = screen.getByRole('button', { name: 'Create score' });
      expect(create).toBeDisabled();
      // No rule yet: nothing to preview.
      expect(region('Preview')).toHaveTextContent('Add a rule');
      // The default grades are shown.
      const grades = within(region('Grades')).getByRole('list', { name: 'Grades' });
      expect(
        within(grades)
          .getAllByLabelText('Label')
          .map((input) => (input as HTMLInputElement).value),
      ).toEqual(['A', 'B', 'C', 'D']);

      await userEvent.type(within(region('Score')).getByLabelText('Name'), 'Exporters');
      await userEvent.click(
        within(region('Behaviour rules')).getByRole('button', { name: 'Add behaviour rule' }),
      );
      const rule = within(region('Behaviour rules')).getByRole('listitem', {
        name: 'Behaviour rule 1',
      });
      await userEvent.type(
        within(rule).getByRole('combobox', { name: 'Event' }),
        'report_exported',
      );

      const histogram = await within(region('Preview')).findByRole(
        'figure',
        { name: 'Score distribution' },
        { timeout: 10_000 },
      );
      const bins = within(histogram).getAllByRole('listitem');
      expect(bins).toHaveLength(10);
      expect(bins[0]).toHaveAccessibleName('Scores 0–9: 40 accounts');
      expect(bins[9]).toHaveAccessibleName('Scores 90–100: 4 accounts');
      expect(
        within(region('Preview')).getByRole('list', { name: 'Records per grade' }),
      ).toHaveTextContent('A (≥ 80): 10 accounts');
      const examples = within(region('Preview')).getByRole('list', { name: 'Example records' });
      const acme = within(examples).getByRole('listitem', { name: 'Acme' });
      expect(within(acme).getByRole('link', { name: 'Acme' })).toHaveAttribute(
        'href',
        '/app/accounts/acc-1',
      );
      expect(within(acme).getByLabelText('Score 87')).toBeInTheDocument();
      expect(within(acme).getByLabelText('Grade A')).toBeInTheDocument();
      expect(within(acme).getByRole('list', { name: 'Breakdown of Acme' })).toHaveTextContent(
        "+47 used 'report_exported' 9× in 30 days",
      );
      // Asked once typing paused, not per key: the last body is the whole event name.
      const previews = requestsTo(requests, 'POST', `${LIVE_OPS}/scores/preview`);
      expect(previews.length).toBeLessThan('report_exported'.length);
      expect(previews.at(-1)?.body).toEqual({
        baseTable: 'accounts',
        fit: [],
        behaviour: [{ event: 'report_exported', points: 5, lifespanDays: 30 }],
      });

      // A double click, both before React renders: one request.
      fireEvent.click(create);
      fireEvent.click(create);
      expect(await within(rule).findByRole('alert')).toHaveTextContent('No event is named so');
      const body = {
        name: 'Exporters',
        baseTable: 'accounts',
        fit: [],
        behaviour: [{ event: 'report_exported', points: 5, lifespanDays: 30 }],
      };
      expect(requestsTo(requests, 'POST', `${LIVE_OPS}/scores`).map((r) => r.body)).toEqual([body]);

      answer = 'accept';
      await userEvent.click(create);
      expect(
        await screen.findByRole('heading', { name: 'Exporters', level: 1 }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/app/scores/sc-new');
      await waitFor(() =>
        expect(requestsTo(requests, 'POST', `${LIVE_OPS}/scores`)).toHaveLength(2),
      );
      expect(screen.queryByText('Leave without saving?')).toBeNull();
    },
    SLOW_MS,
  );
});
