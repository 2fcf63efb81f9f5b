import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ID,
  LIVE_OPS,
  accountDetail,
  activity,
  event,
  eventsPage,
} from '@/features/records/testing/record-fixtures';
import { recordScores } from '@/features/scores/testing/score-fixtures';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { requestsTo, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse, type RecordedRequest } from '@/testing/fetch-stub';
import { openApp } from '@/testing/open-app';

// Whole pages with tables and a chart; on a busy shared machine these take a while.
const SLOW_MS = 240_000;
const PATH = `/app/accounts/${ACCOUNT_ID}`;
const API = `${LIVE_OPS}/accounts/${ACCOUNT_ID}`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Instants a whole number of days (and an hour) before now: "N days ago" whenever it runs. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - HOUR).toISOString();

const firstPage = [
  event('u-1', 'Opened dashboard', daysAgo(1)),
  event('u-9', 'Exported CSV', daysAgo(2)),
];
const secondPage = [
  event('u-2', 'Signed in', daysAgo(28)),
  // An account's event no user made (a CRM update): nobody to name.
  event(null, 'Contract renewed', daysAgo(29)),
];

const pageOf = (request: RecordedRequest) =>
  new URL(request.url, 'http://localhost').searchParams.get('page');

function open(routes: ApiRoutes = {}) {
  return openApp(PATH, {
    [`GET ${API}`]: accountDetail(),
    [`GET ${API}/activity`]: activity({ '2026-03-01': 87, '2026-02-01': 13 }),
    [`GET ${LIVE_OPS}/scores/records/accounts/${ACCOUNT_ID}`]: recordScores(),
    [`GET ${API}/events`]: (request) =>
      jsonResponse(200, {
        data:
          pageOf(request) === '2'
            ? eventsPage(secondPage, 2, false)
            : eventsPage(firstPage, 1, true),
      }),
    ...routes,
  });
}

const region = (name: string) => screen.getByRole('region', { name });
/** A sortable column's header by its label (antd adds the sort arrows inside it). */
const header = (table: HTMLElement, label: string) =>
  within(table)
    .getAllByRole('columnheader')
    .find((cell) => cell.textContent === label)!;
const firstCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('account page (/app/accounts/{accountId})', () => {
  it(
    'names the account in its one heading, with domain and owner, and its columns in three groups formatted as the table formats them',
    async () => {
      open();
      expect(await screen.findByRole('heading', { name: 'Globex', level: 1 })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      const facts = screen.getByText('Domain').closest('dl')!;
      expect(facts).toHaveTextContent('Domainglobex.testOwnerHank Scorpio (hank@globex.test)');
      expect(within(facts).getByRole('link', { name: 'hank@globex.test' })).toHaveAttribute(
        'href',
        'mailto:hank@globex.test',
      );

      const product = region('Product usage');
      expect(product).toHaveTextContent('NameGlobexPlanPro planEvents (30 days)12,345');
      const crm = region('CRM');
      expect(crm).toHaveTextContent('MRR$1,234,567.50Owner emailhank@globex.testIn the CRMYes');
      expect(region('Custom')).toHaveTextContent('meta.tiergold');
    },
    SLOW_MS,
  );

  it(
    'hides a group without columns',
    async () => {
      const detail = accountDetail();
      open({
        [`GET ${API}`]: accountDetail({
          columns: detail.columns.filter((column) => column.group !== 'custom'),
        }),
      });
      await screen.findByRole('heading', { name: 'Globex', level: 1 });
      expect(region('CRM')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Custom' })).toBeNull();
    },
    SLOW_MS,
  );

  it(
    'lists its users most recently seen first, sortable by each column, each linking to the user page',
    async () => {
      open();
      const users = await screen.findByRole('table', { name: 'Users' });
      expect(firstCells(users)).toEqual(['Zed Zero', 'Ada Lovelace', 'mia Moss']);
      expect(within(users).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
        'href',
        '/app/users/u-2',
      );
      const rows = within(users).getAllByRole('row');
      expect(rows[1]).toHaveTextContent(
        `Zed Zerozed@globex.testCTO${formatTimestamp('2026-03-04T09:15:00.000Z')}4012`,
      );

      await userEvent.click(header(users, 'Name'));
      expect(firstCells(users)).toEqual(['Ada Lovelace', 'mia Moss', 'Zed Zero']);
      await userEvent.click(header(users, 'Events (30 days)'));
      expect(firstCells(users)).toEqual(['mia Moss', 'Zed Zero', 'Ada Lovelace']);
      await userEvent.click(header(users, 'Events (30 days)'));
      expect(firstCells(users)).toEqual(['Ada Lovelace', 'Zed Zero', 'mia Moss']);
      expect(region('Users')).not.toHaveTextContent('Showing');
    },
    SLOW_MS,
  );

  it(
    'says how many users it shows when the account has more than the page lists',
    async () => {
      open({ [`GET ${API}`]: accountDetail({ usersTotal: 1234 }) });
      await screen.findByRole('table', { name: 'Users' });
      expect(region('Users')).toHaveTextContent('Showing 3 of 1,234, the most recently seen.');
    },
    SLOW_MS,
  );

  it(
    'charts its activity over 180 days and says it in words',
    async () => {
      const { requests } = open();
      await screen.findByRole('heading', { name: 'Globex', level: 1 });
      const card = region('Activity');
      expect(
        await within(card).findByText(
          '100 events in the last 180 days; the busiest day was March 1 2026, with 87.',
        ),
      ).toBeInTheDocument();
      const asked = requestsTo(requests, 'GET', `${API}/activity`);
      expect(asked.map((request) => new URL(request.url).searchParams.get('days'))).toEqual([
        '180',
      ]);
    },
    SLOW_MS,
  );

  it(
    'pages its timeline newest first: each event with its user and when; "Load more" asks for the next page until there is none',
    async () => {
      const { requests } = open();
      await screen.findByRole('heading', { name: 'Globex', level: 1 });
      const timeline = region('Timeline');
      const list = await within(timeline).findByRole('list', { name: 'Events' });
      let items = within(list).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        'Opened dashboardZed Zero1 day ago',
        'Exported CSVu-92 days ago',
      ]);
      // The user by name when the account lists them, else by id; both open the user's page.
      expect(within(items[0]!).getByRole('link', { name: 'Zed Zero' })).toHaveAttribute(
        'href',
        '/app/users/u-1',
      );
      expect(within(items[1]!).getByRole('link', { name: 'u-9' })).toHaveAttribute(
        'href',
        '/app/users/u-9',
      );
      // The exact moment on hover.
      expect(within(items[0]!).getByText('1 day ago')).toHaveAttribute(
        'title',
        formatTimestamp(firstPage[0]!.occurredAt),
      );

      await userEvent.click(within(timeline).getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
      items = within(list).getAllByRole('listitem');
      expect(items.slice(2).map((item) => item.textContent)).toEqual([
        'Signed inAda Lovelace28 days ago',
        'Contract renewed29 days ago',
      ]);
      expect(within(items[3]!).queryByRole('link')).toBeNull();
      expect(within(timeline).queryByRole('button', { name: 'Load more' })).toBeNull();
      const pages = requestsTo(requests, 'GET', `${API}/events`).map((request) => {
        const params = new URL(request.url).searchParams;
        return `${params.get('page')}/${params.get('perPage')}`;
      });
      expect(pages).toEqual(['1/50', '2/50']);
    },
    SLOW_MS,
  );

  it(
    'lists its cohorts now (since when) and left (when), its alerts and its play actions, each linking to its page',
    async () => {
      open();
      await screen.findByRole('heading', { name: 'Globex', level: 1 });
      const cohorts = region('Cohorts');
      const current = within(cohorts).getByRole('list', { name: 'Current cohorts' });
      expect(current).toHaveTextContent(
        `Big Pro accountsEntered ${formatTimestamp('2026-02-10T06:00:00.000Z')}`,
      );
      expect(within(current).getByRole('link', { name: 'Big Pro accounts' })).toHaveAttribute(
        'href',
        '/app/segments/seg-1/c-1',
      );
      const left = within(cohorts).getByRole('list', { name: 'Cohorts left recently' });
      expect(left).toHaveTextContent(
        `Trial accountsLeft ${formatTimestamp('2026-03-01T06:00:00.000Z')}`,
      );
      expect(within(left).getByRole('link', { name: 'Trial accounts' })).toHaveAttribute(
        'href',
        '/app/segments/seg-1/c-2',
      );

      const alerts = region('Alerts');
      expect(alerts).toHaveTextContent(
        `New Pro accountsFired ${formatTimestamp('2026-02-10T06:05:00.000Z')}`,
      );
      expect(within(alerts).getByRole('link', { name: 'New Pro accounts' })).toHaveAttribute(
        'href',
        '/app/notifications/n-1',
      );

      const plays = region('Play actions');
      expect(plays).toHaveTextContent(
        `Welcome to ProWebhookfailed${formatTimestamp('2026-02-10T06:10:00.000Z')}HTTP 410 Gone`,
      );
      expect(within(plays).getByRole('link', { name: 'Welcome to Pro' })).toHaveAttribute(
        'href',
        '/app/plays/p-1?run=r-1',
      );
    },
    SLOW_MS,
  );

  it(
    'the "Scores" card lists each score of accounts: its score, grade and every contribution',
    async () => {
      open();
      await screen.findByRole('heading', { name: 'Globex', level: 1 });
      const card = region('Scores');
      const list = await within(card).findByRole('list', { name: 'Record scores' });
      const pql = within(list).getByRole('listitem', { name: 'Product-qualified' });
      expect(within(pql).getByRole('link', { name: 'Product-qualified' })).toHaveAttribute(
        'href',
        '/app/scores/sc-1',
      );
      expect(within(pql).getByLabelText('Score 87')).toHaveTextContent('87');
      expect(within(pql).getByLabelText('Grade A')).toHaveTextContent('A');
      expect(
        within(within(pql).getByRole('list', { name: 'Breakdown of Product-qualified' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(["+47 used 'report_exported' 9× in 30 days", '+40 Plan is any of Pro']);
      const fit = within(list).getByRole('listitem', { name: 'Enterprise fit' });
      expect(within(fit).getByLabelText('Grade D')).toBeInTheDocument();
      expect(
        within(fit).getByRole('list', { name: 'Breakdown of Enterprise fit' }),
      ).toHaveTextContent("+30 MRR greater than 5000-5 used 'ticket_opened' 1× in 14 days");
    },
    SLOW_MS,
  );

  it(
    'says so where it has nothing: no users, events, activity, cohorts, alerts or play actions',
    async () => {
      open({
        [`GET ${API}`]: accountDetail({
          users: [],
          usersTotal: 0,
          memberships: [],
          firings: [],
          playItems: [],
        }),
        [`GET ${API}/activity`]: activity(),
        [`GET ${API}/events`]: eventsPage([], 1, false),
        [`GET ${LIVE_OPS}/scores/records/accounts/${ACCOUNT_ID}`]: [],
      });
      await screen.findByRole('heading', { name: 'Globex', level: 1 });
      expect(await within(region('Scores')).findByText(/No scores for accounts yet/)).toBeVisible();
      expect(region('Users')).toHaveTextContent('No users yet');
      expect(await within(region('Timeline')).findByText('No events yet')).toBeInTheDocument();
      expect(
        await within(region('Activity')).findByText('No activity in the last 180 days'),
      ).toBeInTheDocument();
      expect(region('Cohorts')).toHaveTextContent('Not in any cohort');
      expect(screen.queryByRole('list', { name: 'Cohorts left recently' })).toBeNull();
      expect(region('Alerts')).toHaveTextContent('No alerts fired for this account');
      expect(region('Play actions')).toHaveTextContent('No play actions for this account yet');
    },
    SLOW_MS,
  );

  it(
    'an unknown account (or another organization’s) is "Account not found" with a way back',
    async () => {
      open({
        [`GET ${API}`]: () =>
          jsonResponse(404, { error: 'not_found', message: 'Account not found' }),
      });
      expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute(
        'href',
        '/app/home',
      );
      expect(screen.queryByRole('region', { name: 'Timeline' })).toBeNull();
    },
    SLOW_MS,
  );

  it(
    'a failed read says so and tries again',
    async () => {
      let answer = 500;
      open({
        [`GET ${API}`]: () =>
          answer === 500
            ? jsonResponse(500, { error: 'internal_error', message: 'Something went wrong' })
            : jsonResponse(200, { data: accountDetail() }),
      });
      expect(await screen.findByText('This account could not be loaded.')).toBeInTheDocument();
      answer = 200;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'Globex', level: 1 })).toBeInTheDocument();
    },
    SLOW_MS,
  );
});
