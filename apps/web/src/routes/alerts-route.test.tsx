import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_SETTINGS_KEY } from '@revlane/contracts';
import {
  COHORT_API_ROUTES,
  COHORT_ID,
  unsortedCohorts,
} from '@/features/cohorts/testing/cohort-fixtures';
import {
  ALERT_ID,
  alert,
  alertPage,
  firings,
  LIVE_OPS,
} from '@/features/alerts/testing/alert-fixtures';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { pickOptionWithin } from '@/testing/antd-select';
import { pending, requestsTo } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { openApp } from '@/testing/open-app';

// Whole pages with tables and dialogs; on a busy shared machine these take a while.
const SLOW_MS = 240_000;

/** An antd dialog by its title (antd's ids are all alike under test: found by text). */
async function findDialog(title: string) {
  return (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>(
    '.ant-modal',
  )!;
}

describe('alerts list (/app/notifications)', () => {
  it(
    'lists each alert with its cohort, type, channels, last firing and warnings; the switch and snooze PATCH it',
    async () => {
      const { requests } = openApp('/app/notifications', {
        [`GET ${LIVE_OPS}/notifications`]: alertPage([
          alert(),
          alert({
            id: 'a-2',
            name: 'Shrinking',
            type: 'less',
            threshold: { kind: 'percent', value: 10 },
            lastFiredAt: null,
            channels: { inApp: true, slack: null, email: [] },
            warnings: ['Slack is not connected'],
          }),
        ]),
        [`PATCH ${LIVE_OPS}/notifications/${ALERT_ID}`]: (request) =>
          jsonResponse(200, { data: { ...alert(), ...(request.body as object) } }),
      });
      const table = await screen.findByRole('table');
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent('New Pro accounts');
      expect(rows[0]).toHaveTextContent('Active accounts');
      expect(rows[0]).toHaveTextContent('Big Pro accounts');
      expect(rows[0]).toHaveTextContent('New records');
      expect(rows[0]).toHaveTextContent('In app, Slack, Email (1)');
      expect(rows[0]).toHaveTextContent('March 04 2026');
      expect(rows[1]).toHaveTextContent('Fewer records (a drop of 10% or more)');
      expect(rows[1]).toHaveTextContent('Never');
      expect(within(rows[1]!).getByText('Slack is not connected')).toBeInTheDocument();
      expect(rows[0]).not.toHaveTextContent('is not connected');
      expect(within(rows[0]!).getByRole('link', { name: 'New Pro accounts' })).toHaveAttribute(
        'href',
        `/app/notifications/${ALERT_ID}`,
      );

      await userEvent.click(screen.getByRole('switch', { name: 'Enabled: New Pro accounts' }));
      await waitFor(() =>
        expect(
          requestsTo(requests, 'PATCH', `${LIVE_OPS}/notifications/${ALERT_ID}`).map((r) => r.body),
        ).toEqual([{ enabled: false }]),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Snooze New Pro accounts' }));
      await userEvent.click(await screen.findByText('For 1 day'));
      await waitFor(() =>
        expect(requestsTo(requests, 'PATCH', `${LIVE_OPS}/notifications/${ALERT_ID}`)).toHaveLength(
          2,
        ),
      );
      const until = (
        requestsTo(requests, 'PATCH', `${LIVE_OPS}/notifications/${ALERT_ID}`)[1]!.body as {
          snoozedUntil: string;
        }
      ).snoozedUntil;
      expect(Date.parse(until) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    },
    SLOW_MS,
  );

  it(
    'shows a loading state, then the empty state',
    async () => {
      let answer: (response: Response) => void = () => undefined;
      openApp('/app/notifications', {
        [`GET ${LIVE_OPS}/notifications`]: () =>
          new Promise<Response>((resolve) => (answer = resolve)),
      });
      await screen.findByRole('heading', { name: 'Alerts', level: 1 });
      expect(document.querySelector('.ant-skeleton')).not.toBeNull();
      answer(jsonResponse(200, { data: alertPage([]) }));
      expect(await screen.findByText('No alerts yet')).toBeInTheDocument();
      expect(screen.queryByRole('table')).toBeNull();
    },
    SLOW_MS,
  );

  it(
    '"New alert": segment → cohort → type → threshold → channels, "Send test", then creates it',
    async () => {
      const { requests } = openApp('/app/notifications', {
        [`GET ${LIVE_OPS}/segments/seg-1/cohorts`]: unsortedCohorts,
        'GET /user/api/v1/users/me/notifications/slack/channels': [
          { id: 'CSBX00003', name: 'alerts' },
        ],
        [`POST ${LIVE_OPS}/notifications/test`]: {
          results: [
            { channel: 'inApp', target: 'u-1', ok: true, error: null },
            { channel: 'slack', target: 'CSBX00003', ok: false, error: 'not_in_channel' },
          ],
        },
        [`POST ${LIVE_OPS}/notifications`]: (request) =>
          jsonResponse(201, { data: alert({ ...(request.body as object), id: 'a-new' }) }),
        [`GET ${LIVE_OPS}/notifications/a-new`]: alert({ id: 'a-new', name: 'Pro shrinking' }),
        [`GET ${LIVE_OPS}/notifications/a-new/firings`]: [],
      });
      const header = (await screen.findByRole('heading', { name: 'Alerts', level: 1 })).closest(
        'header',
      )!;
      await userEvent.click(within(header).getByRole('button', { name: 'New alert' }));
      const dialog = await findDialog('New alert');
      const create = within(dialog).getByRole('button', { name: 'Create alert' });
      expect(create).toBeDisabled();
      // Typed values are set at once: each key would re-render the whole modal (slow in jsdom).
      fireEvent.change(within(dialog).getByLabelText('Name'), {
        target: { value: 'Pro shrinking' },
      });
      await pickOptionWithin(dialog, 'Segment', 'Active accounts');
      await pickOptionWithin(dialog, 'Cohort', 'Big Pro accounts');
      await userEvent.click(within(dialog).getByLabelText('The cohort gets smaller'));
      await pickOptionWithin(dialog, 'Threshold', 'Drop of at least (%)');
      fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Threshold value' }), {
        target: { value: '15' },
      });
      await pickOptionWithin(dialog, 'Slack channel', '#alerts');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
      const results = await within(dialog).findByRole('list', { name: 'Test results' });
      expect(results).toHaveTextContent('In app: sent');
      expect(results).toHaveTextContent('Slack CSBX00003: failed (not_in_channel)');
      expect(requestsTo(requests, 'POST', `${LIVE_OPS}/notifications/test`)[0]!.body).toEqual({
        name: 'Pro shrinking',
        type: 'less',
        channels: { inApp: true, slack: { channelId: 'CSBX00003' }, email: [] },
      });

      await userEvent.click(create);
      await waitFor(() => expect(window.location.pathname).toBe('/app/notifications/a-new'), {
        timeout: 10_000,
      });
      expect(requestsTo(requests, 'POST', `${LIVE_OPS}/notifications`)[0]!.body).toEqual({
        name: 'Pro shrinking',
        segmentId: 'seg-1',
        cohortId: COHORT_ID,
        type: 'less',
        threshold: { kind: 'percent', value: 15 },
        channels: { inApp: true, slack: { channelId: 'CSBX00003' }, email: [] },
      });
    },
    SLOW_MS,
  );

  it(
    "shows an admin's delivery notices first in the inbox, with their link; following one reads it",
    async () => {
      const noticeId = 'c1b2c3d4-0000-4000-8000-0000000000aa';
      const link = '/app/plays/p-1?run=r-1';
      const { requests } = openApp('/app/notifications', {
        [`GET ${LIVE_OPS}/notifications/inbox`]: {
          unread: 2,
          notices: [
            {
              id: noticeId,
              title: 'Deliveries of the play "Slack + webhook" failed',
              body: '3 items failed for good: connection refused',
              link,
              createdAt: '2026-03-04T10:00:00.000Z',
              read: false,
            },
          ],
          items: [
            {
              firingId: 'f-2',
              notificationId: ALERT_ID,
              notificationName: 'New Pro accounts',
              firedAt: firings[0]!.firedAt,
              type: 'new',
              count: 2,
              previousCount: null,
              read: false,
            },
          ],
        },
        [`POST ${LIVE_OPS}/notifications/inbox/read`]: () => new Response(null, { status: 204 }),
      });
      const notices = await screen.findByRole('list', { name: 'Delivery notices' });
      expect(screen.getByText('Unread (2)')).toBeInTheDocument();
      // Above the unread firings.
      const firingList = screen.getByRole('list', { name: 'Unread firings' });
      expect(
        notices.compareDocumentPosition(firingList) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      const notice = within(notices).getByRole('listitem', {
        name: 'Deliveries of the play "Slack + webhook" failed',
      });
      expect(notice).toHaveTextContent('3 items failed for good: connection refused');
      const open = within(notice).getByRole('link', { name: 'Open and resend' });
      expect(open).toHaveAttribute('href', link);

      await userEvent.click(open);
      await waitFor(() =>
        expect(
          requestsTo(requests, 'POST', `${LIVE_OPS}/notifications/inbox/read`).map((r) => r.body),
        ).toEqual([{ noticeIds: [noticeId] }]),
      );
      await waitFor(() =>
        expect(`${window.location.pathname}${window.location.search}`).toBe(link),
      );
    },
    SLOW_MS,
  );

  it(
    'the "Alerts" menu item shows the unread count of the inbox',
    async () => {
      openApp('/app/home', {
        [`GET ${LIVE_OPS}/notifications/inbox`]: {
          unread: 3,
          notices: [],
          items: [],
        },
      });
      const menu = await screen.findByRole('menu', { name: 'Main' });
      const item = await within(menu).findByRole('link', { name: /Alerts/ });
      await waitFor(() => expect(within(item).getByLabelText('3 unread')).toHaveTextContent('3'));
    },
    SLOW_MS,
  );
  it(
    'the unread count follows a new firing on an open page: the inbox is read every 15 s',
    async () => {
      // Only intervals are faked (the poll is one): the app's other timers run as usual.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        let unread = 1;
        openApp('/app/home', {
          [`GET ${LIVE_OPS}/notifications/inbox`]: () =>
            jsonResponse(200, { data: { unread, items: [], notices: [] } }),
        });
        const menu = await screen.findByRole('menu', { name: 'Main' });
        const item = await within(menu).findByRole('link', { name: /Alerts/ });
        await waitFor(() => expect(within(item).getByLabelText('1 unread')).toBeInTheDocument());

        unread = 4;
        await act(() => vi.advanceTimersByTimeAsync(15_000));
        await waitFor(() => expect(within(item).getByLabelText('4 unread')).toHaveTextContent('4'));
        expect(window.location.pathname).toBe('/app/home');
      } finally {
        vi.useRealTimers();
      }
    },
    SLOW_MS,
  );
  it(
    'the unread count is read again when the window regains focus after 15 s',
    async () => {
      // No poll and a still clock, so only the focus can read the inbox again.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      try {
        let unread = 1;
        const { requests } = openApp('/app/home', {
          [`GET ${LIVE_OPS}/notifications/inbox`]: () =>
            jsonResponse(200, { data: { unread, items: [], notices: [] } }),
        });
        const menu = await screen.findByRole('menu', { name: 'Main' });
        const item = await within(menu).findByRole('link', { name: /Alerts/ });
        await waitFor(() => expect(within(item).getByLabelText('1 unread')).toBeInTheDocument());
        const reads = () => requestsTo(requests, 'GET', `${LIVE_OPS}/notifications/inbox`).length;
        const readsBefore = reads();

        unread = 2;
        vi.setSystemTime(Date.now() + 15_001);
        fireEvent(window, new Event('visibilitychange'));
        await waitFor(() => expect(within(item).getByLabelText('2 unread')).toHaveTextContent('2'));
        expect(reads()).toBe(readsBefore + 1);
      } finally {
        vi.useRealTimers();
      }
    },
    SLOW_MS,
  );
  it(
    'the collapsed sidebar keeps the unread count visible: a badge on the "Alerts" initials',
    async () => {
      localStorage.setItem(
        LOCAL_SETTINGS_KEY,
        JSON.stringify({ navSettings: { miniSidebarNav: true } }),
      );
      openApp('/app/home', {
        [`GET ${LIVE_OPS}/notifications/inbox`]: { unread: 3, items: [], notices: [] },
      });
      const menu = await screen.findByRole('menu', { name: 'Main' });
      const item = await within(menu).findByRole('menuitem', { name: /Alerts/ });
      await waitFor(() => {
        const initials = item.querySelector('[data-initials]');
        expect(initials).toHaveTextContent('AL');
        // The count sits on the icon slot, which the mini sidebar shows (its label it hides).
        const badge = initials!.closest('.ant-badge');
        expect(badge?.querySelector('.ant-badge-count')).toHaveTextContent('3');
      });
      await userEvent.hover(item.querySelector('[data-initials]')!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Alerts (3 unread)');
      localStorage.removeItem(LOCAL_SETTINGS_KEY);
    },
    SLOW_MS,
  );
});

describe('alert details (/app/notifications/{id})', () => {
  it(
    'shows the definition and the firings newest first: records into the segment, delivery errors; reads them',
    async () => {
      const { requests } = openApp(`/app/notifications/${ALERT_ID}`, {
        [`GET ${LIVE_OPS}/notifications/${ALERT_ID}`]: alert(),
        [`GET ${LIVE_OPS}/notifications/${ALERT_ID}/firings`]: firings,
        [`GET ${LIVE_OPS}/notifications/inbox`]: {
          unread: 1,
          notices: [],
          items: [
            {
              firingId: 'f-2',
              notificationId: ALERT_ID,
              notificationName: 'New Pro accounts',
              firedAt: firings[0]!.firedAt,
              type: 'new',
              count: 2,
              previousCount: null,
              read: false,
            },
          ],
        },
        [`POST ${LIVE_OPS}/notifications/inbox/read`]: () => new Response(null, { status: 204 }),
      });
      expect(
        await screen.findByRole('heading', { name: 'New Pro accounts', level: 1 }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('link', { name: 'Active accounts › Big Pro accounts' }),
      ).toHaveAttribute('href', '/app/segments/seg-1/c-1');
      const list = await screen.findByRole('list', { name: 'Firings' });
      const items = within(list).getAllByRole('listitem', { name: /^Firing of/ });
      expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
        'New Pro accounts: 2 new records',
        'New Pro accounts: 1 new record',
      ]);
      expect(within(items[0]!).getByRole('list', { name: 'Records' })).toHaveTextContent(
        'Globex (globex.example)',
      );
      // Each record opens its page: the alert's segment holds accounts.
      const records = within(items[0]!).getByRole('list', { name: 'Records' });
      expect(
        await within(records).findByRole('link', { name: 'Globex (globex.example)' }),
      ).toHaveAttribute('href', '/app/accounts/acc-7');
      expect(within(records).getByRole('link', { name: 'Initech' })).toHaveAttribute(
        'href',
        '/app/accounts/acc-9',
      );
      const link = within(items[0]!).getByRole('link', {
        name: 'Open these 2 records in the segment',
      });
      const url = new URL(link.getAttribute('href')!, 'http://localhost');
      expect(url.pathname).toBe('/app/segments/seg-1');
      expect(JSON.parse(url.searchParams.get('filters')!)).toEqual([
        { field: 'id', operator: 'includes', value: ['acc-7', 'acc-9'] },
      ]);
      const deliveries = within(items[0]!).getByRole('list', { name: 'Deliveries' });
      expect(deliveries).toHaveTextContent('Slack CSBX00003failedchannel_not_found');
      await waitFor(() =>
        expect(
          requestsTo(requests, 'POST', `${LIVE_OPS}/notifications/inbox/read`).map((r) => r.body),
        ).toEqual([{ firingIds: ['f-2'] }]),
      );
    },
    SLOW_MS,
  );

  it(
    'shows the warnings and a pending delivery\'s next attempt; "Resend failed" POSTs once, says so and reads the firings again',
    async () => {
      const nextAttemptAt = '2026-03-04T11:15:00.000Z';
      const withPending = [
        {
          ...firings[0]!,
          deliveries: [
            ...firings[0]!.deliveries,
            {
              channel: 'email' as const,
              target: 'ops@acme.example',
              status: 'pending' as const,
              attempts: 2,
              sentAt: null,
              error: 'connection refused',
              nextAttemptAt,
            },
          ],
        },
        firings[1]!,
      ];
      const { requests } = openApp(`/app/notifications/${ALERT_ID}`, {
        [`GET ${LIVE_OPS}/notifications/${ALERT_ID}`]: alert({
          warnings: ['Slack is not connected'],
        }),
        [`GET ${LIVE_OPS}/notifications/${ALERT_ID}/firings`]: withPending,
        [`POST ${LIVE_OPS}/notifications/${ALERT_ID}/firings/f-2/resend`]: () =>
          jsonResponse(202, { data: { resent: 1 } }),
      });
      await screen.findByRole('heading', { name: 'New Pro accounts', level: 1 });
      expect(
        screen
          .getAllByRole('alert')
          .some((node) => /Slack is not connected/.test(node.textContent ?? '')),
      ).toBe(true);
      const list = await screen.findByRole('list', { name: 'Firings' });
      const [newer, older] = within(list).getAllByRole('listitem', { name: /^Firing of/ });
      const deliveries = within(newer!).getByRole('list', { name: 'Deliveries' });
      expect(within(deliveries).getAllByRole('listitem')[2]).toHaveTextContent(
        `pendingNext attempt ${formatTimestamp(nextAttemptAt)}`,
      );
      expect(within(deliveries).getAllByRole('listitem')[1]).not.toHaveTextContent('Next attempt');
      // Only a firing with failed deliveries offers to resend them.
      expect(within(older!).queryByRole('button', { name: 'Resend failed' })).toBeNull();
      const firingReads = () =>
        requestsTo(requests, 'GET', `${LIVE_OPS}/notifications/${ALERT_ID}/firings`).length;
      const readsBefore = firingReads();

      const resend = within(newer!).getByRole('button', { name: 'Resend failed' });
      // A double click, both before React renders: one request.
      fireEvent.click(resend);
      fireEvent.click(resend);
      expect(await screen.findByText('Resent 1 failed delivery')).toBeInTheDocument();
      expect(
        requestsTo(requests, 'POST', `${LIVE_OPS}/notifications/${ALERT_ID}/firings/f-2/resend`),
      ).toHaveLength(1);
      await waitFor(() => expect(firingReads()).toBeGreaterThan(readsBefore));
    },
    SLOW_MS,
  );

  it(
    'edits the definition in the form and PATCHes it; an alert without firings says so',
    async () => {
      const { requests } = openApp(`/app/notifications/${ALERT_ID}`, {
        [`GET ${LIVE_OPS}/notifications/${ALERT_ID}`]: alert(),
        [`GET ${LIVE_OPS}/notifications/${ALERT_ID}/firings`]: [],
        [`GET ${LIVE_OPS}/segments/seg-1/cohorts`]: unsortedCohorts,
        [`PATCH ${LIVE_OPS}/notifications/${ALERT_ID}`]: (request) =>
          jsonResponse(200, { data: { ...alert(), ...(request.body as object) } }),
      });
      expect(
        await screen.findByText('No firings yet', {}, { timeout: 20_000 }),
      ).toBeInTheDocument();
      const header = screen
        .getByRole('heading', { name: 'New Pro accounts', level: 1 })
        .closest('header')!;
      await userEvent.click(within(header).getByRole('button', { name: 'Edit' }));
      const dialog = await findDialog('Edit alert');
      const name = within(dialog).getByLabelText('Name');
      await userEvent.clear(name);
      await userEvent.type(name, 'Renamed');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(requestsTo(requests, 'PATCH', `${LIVE_OPS}/notifications/${ALERT_ID}`)).toHaveLength(
          1,
        ),
      );
      expect(
        requestsTo(requests, 'PATCH', `${LIVE_OPS}/notifications/${ALERT_ID}`)[0]!.body,
      ).toMatchObject({
        name: 'Renamed',
        cohortId: 'c-1',
        type: 'new',
      });
      expect(await screen.findByRole('heading', { name: 'Renamed', level: 1 })).toBeInTheDocument();
    },
    SLOW_MS,
  );
});

describe('segment settings → notifications, and "Alert me" on the cohort page', () => {
  it(
    "lists the segment's alerts; Remove asks, then deletes",
    async () => {
      let items = [alert()];
      const { requests } = openApp('/app/segments/seg-1/settings/notifications', {
        [`GET ${LIVE_OPS}/segments/seg-1/notifications`]: () =>
          jsonResponse(200, { data: alertPage(items) }),
        [`DELETE ${LIVE_OPS}/notifications/${ALERT_ID}`]: () => {
          items = [];
          return new Response(null, { status: 204 });
        },
      });
      const table = await screen.findByRole('table');
      expect(within(table).getByRole('link', { name: 'New Pro accounts' })).toBeInTheDocument();
      await userEvent.click(within(table).getByRole('button', { name: 'Remove New Pro accounts' }));
      const dialog = await findDialog('Remove the alert "New Pro accounts"?');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('No alerts for this segment yet')).toBeInTheDocument();
      expect(requestsTo(requests, 'DELETE', `${LIVE_OPS}/notifications/${ALERT_ID}`)).toHaveLength(
        1,
      );
    },
    SLOW_MS,
  );

  it(
    '"Alert me" opens the new-alert form on this cohort',
    async () => {
      openApp(`/app/segments/seg-1/${COHORT_ID}`, {
        ...COHORT_API_ROUTES,
        [`GET ${LIVE_OPS}/segments/seg-1/cohorts`]: unsortedCohorts,
        [`GET ${LIVE_OPS}/notifications/inbox`]: pending,
      });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Alert me' }, { timeout: 30_000 }),
      );
      const dialog = await findDialog('New alert');
      await waitFor(() => expect(within(dialog).getByText('Big Pro accounts')).toBeInTheDocument());
      expect(within(dialog).getByText('Active accounts')).toBeInTheDocument();
    },
    SLOW_MS,
  );
});
