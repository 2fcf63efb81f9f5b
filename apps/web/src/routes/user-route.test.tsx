import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LIVE_OPS,
  USER_ID,
  activity,
  event,
  eventsPage,
  userDetail,
} from '@/features/records/testing/record-fixtures';
import { requestsTo, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { openApp } from '@/testing/open-app';

// Whole pages with a chart and lists; on a busy shared machine these take a while.
const SLOW_MS = 240_000;
const PATH = `/app/users/${USER_ID}`;
const API = `${LIVE_OPS}/users/${USER_ID}`;

function open(routes: ApiRoutes = {}) {
  return openApp(PATH, {
    [`GET ${API}`]: userDetail(),
    [`GET ${API}/activity`]: activity({ '2026-03-02': 5 }),
    [`GET ${LIVE_OPS}/scores/records/users/${USER_ID}`]: [],
    [`GET ${API}/events`]: eventsPage(
      [event(USER_ID, 'Signed in', new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString())],
      1,
      false,
    ),
    ...routes,
  });
}

const region = (name: string) => screen.getByRole('region', { name });

describe('user page (/app/users/{userId})', () => {
  it(
    'names the user, links their account, and shows their columns, activity, timeline and empty lists',
    async () => {
      const { requests } = open();
      expect(
        await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      const facts = screen.getByText('Account').closest('dl')!;
      expect(facts).toHaveTextContent('Emailada@globex.testAccountGlobex');
      expect(within(facts).getByRole('link', { name: 'Globex' })).toHaveAttribute(
        'href',
        '/app/accounts/acc-1',
      );
      expect(region('Product usage')).toHaveTextContent('NameAda LovelaceEvents (30 days)1,500');
      expect(screen.queryByRole('region', { name: 'CRM' })).toBeNull();
      // A user has no users of their own.
      expect(screen.queryByRole('region', { name: 'Users' })).toBeNull();

      const list = await within(region('Timeline')).findByRole('list', { name: 'Events' });
      // Their own events: nobody else to name.
      expect(within(list).getByRole('listitem')).toHaveTextContent('Signed in3 hours ago');
      expect(within(list).queryByRole('link')).toBeNull();
      expect(
        await within(region('Activity')).findByText(
          '5 events in the last 180 days; the busiest day was March 2 2026, with 5.',
        ),
      ).toBeInTheDocument();
      expect(region('Cohorts')).toHaveTextContent('Not in any cohort');
      expect(await within(region('Scores')).findByText(/No scores for users yet/)).toBeVisible();
      expect(region('Alerts')).toHaveTextContent('No alerts fired for this user');
      expect(region('Play actions')).toHaveTextContent('No play actions for this user yet');
      expect(requestsTo(requests, 'GET', `${API}/events`)).toHaveLength(1);
    },
    SLOW_MS,
  );

  it(
    'a user without an account says so',
    async () => {
      open({
        [`GET ${API}`]: userDetail({
          account: null,
          record: { id: USER_ID, name: null, email: 'ada@globex.test' },
        }),
      });
      // Without a name the user is named by their email.
      expect(
        await screen.findByRole('heading', { name: 'ada@globex.test', level: 1 }),
      ).toBeInTheDocument();
      expect(screen.getByText('Account').closest('dl')).toHaveTextContent('AccountNone');
    },
    SLOW_MS,
  );

  it(
    'an unknown user (or another organization’s) is "User not found" with a way back',
    async () => {
      open({
        [`GET ${API}`]: () => jsonResponse(404, { error: 'not_found', message: 'User not found' }),
      });
      expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'User', level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute(
        'href',
        '/app/home',
      );
    },
    SLOW_MS,
  );
});
