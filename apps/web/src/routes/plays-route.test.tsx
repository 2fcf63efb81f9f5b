import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { unsortedCohorts } from '@/features/cohorts/testing/cohort-fixtures';
import { MAIN, PLAY_ID, play, playPage } from '@/features/plays/testing/play-fixtures';
import { pickOptionWithin } from '@/testing/antd-select';
import { requestsTo, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { impersonatedProfile } from '@/testing/profile-fixture';
import { openApp } from '@/testing/open-app';

// Whole pages with tables and dialogs; on a busy shared machine these take a while.
const SLOW_MS = 240_000;

const admin = { ...impersonatedProfile, role: 'admin' as const };

const open = (path: string, routes: ApiRoutes = {}) =>
  openApp(path, { 'GET /user/api/v1/users/me': admin, ...routes });

describe('plays list (/app/plays)', () => {
  it(
    'lists each play with cohort, trigger, action icons, status, last run and warnings; the switch pauses it',
    async () => {
      localStorage.setItem('revlane.settings', JSON.stringify({ selectedPlay: 'p-2' }));
      const { requests } = open('/app/plays', {
        [`GET ${MAIN}/plays`]: playPage([
          play({ warnings: ['Slack is not connected'] }),
          play({
            id: 'p-2',
            name: 'Weekly sheet',
            status: 'draft',
            trigger: {
              type: 'schedule',
              cohortId: 'c-2',
              cron: '0 9 * * 1',
              timezone: 'Europe/Paris',
            },
            cohortName: 'Anyone paying',
            actions: [{ id: 'sheet-1', type: 'google_sheet_append' }],
            lastRun: null,
          }),
        ]),
        [`PATCH ${MAIN}/plays/${PLAY_ID}`]: (request) =>
          jsonResponse(200, {
            data: { ...play(), ...(request.body as object), webhookSecrets: [] },
          }),
      });
      const table = await screen.findByRole('table', { name: 'Plays' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent('Slack + webhook');
      expect(rows[0]).toHaveTextContent('Big Pro accounts');
      expect(rows[0]).toHaveTextContent('When records enter the cohort');
      expect(
        within(within(rows[0]!).getByRole('list', { name: 'Actions' }))
          .getAllByRole('img')
          .map((icon) => icon.getAttribute('aria-label')),
      ).toEqual(['Slack message', 'Webhook']);
      expect(rows[0]).toHaveTextContent('March 04 2026');
      expect(rows[0]).toHaveTextContent('partial');
      expect(rows[0]).toHaveTextContent('2 records: 3 succeeded, 1 failed');
      expect(within(rows[0]!).getByText('Slack is not connected')).toBeInTheDocument();
      expect(rows[1]).not.toHaveTextContent('is not connected');
      expect(rows[1]).toHaveTextContent('On a schedule (0 9 * * 1, Europe/Paris)');
      expect(rows[1]).toHaveTextContent('Never');
      expect(rows[1]).toHaveTextContent('Last opened');
      expect(within(rows[1]!).getByRole('link', { name: 'Weekly sheet' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      expect(within(rows[0]!).getByRole('link', { name: 'Slack + webhook' })).toHaveAttribute(
        'href',
        `/app/plays/${PLAY_ID}`,
      );

      await userEvent.click(screen.getByRole('switch', { name: 'Active: Slack + webhook' }));
      await waitFor(() =>
        expect(
          requestsTo(requests, 'PATCH', `${MAIN}/plays/${PLAY_ID}`).map((r) => r.body),
        ).toEqual([{ status: 'paused' }]),
      );
    },
    SLOW_MS,
  );

  it(
    'shows a loading state, then the empty state; a member gets no "New play"',
    async () => {
      let answer: (response: Response) => void = () => undefined;
      open('/app/plays', {
        'GET /user/api/v1/users/me': impersonatedProfile,
        [`GET ${MAIN}/plays`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      await screen.findByRole('heading', { name: 'Plays', level: 1 });
      expect(document.querySelector('.ant-skeleton')).not.toBeNull();
      answer(jsonResponse(200, { data: playPage([]) }));
      expect(await screen.findByText('No plays yet')).toBeInTheDocument();
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByRole('button', { name: 'New play' })).toBeNull();
      expect(screen.getByText('Only admins create and change plays.')).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    '"New play": name, cohort, trigger → creates it as a draft and opens its page',
    async () => {
      const created = play({
        id: 'p-new',
        name: 'Pro follow-up',
        status: 'draft',
        actions: [],
        lastRun: null,
      });
      const { requests } = open('/app/plays', {
        [`GET ${MAIN}/plays`]: playPage([]),
        'GET /live-ops/api/v1/segments/seg-1/cohorts': unsortedCohorts,
        [`POST ${MAIN}/plays`]: () =>
          jsonResponse(201, { data: { ...created, webhookSecrets: [] } }),
        [`GET ${MAIN}/plays/p-new`]: created,
        [`GET ${MAIN}/plays/p-new/runs`]: [],
      });
      await userEvent.click(await screen.findByRole('button', { name: 'New play' }));
      const dialog = (
        await screen.findByText('New play', { selector: '.ant-modal-title' })
      ).closest<HTMLElement>('.ant-modal')!;
      expect(within(dialog).getByRole('radio', { name: 'On a schedule' })).toBeDisabled();
      expect(dialog).toHaveTextContent('edit_play_schedule');
      await userEvent.type(within(dialog).getByLabelText('Name'), 'Pro follow-up');
      await pickOptionWithin(dialog, 'Segment', 'Active accounts');
      await pickOptionWithin(dialog, 'Cohort', 'Big Pro accounts');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create play' }));
      await waitFor(() =>
        expect(requestsTo(requests, 'POST', `${MAIN}/plays`).map((r) => r.body)).toEqual([
          {
            name: 'Pro follow-up',
            trigger: { type: 'cohort_entered', cohortId: unsortedCohorts[0]!.id },
          },
        ]),
      );
      expect(
        await screen.findByRole('heading', { name: 'Pro follow-up', level: 1 }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/app/plays/p-new');
    },
    SLOW_MS,
  );
});
