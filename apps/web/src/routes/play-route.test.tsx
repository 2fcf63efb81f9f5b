import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { unsortedCohorts } from '@/features/cohorts/testing/cohort-fixtures';
import {
  MAIN,
  PLAY_ID,
  RUN_ID,
  play,
  run,
  runDetail,
} from '@/features/plays/testing/play-fixtures';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { expectAdminOnly } from '@/testing/admin-only';
import { requestsTo, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { impersonatedProfile } from '@/testing/profile-fixture';
import { openApp } from '@/testing/open-app';
import { testConfig } from '@/testing/test-config';

// Whole pages with forms and tables; on a busy shared machine these take a while.
const SLOW_MS = 240_000;
const PATH = `/app/plays/${PLAY_ID}`;
const admin = { ...impersonatedProfile, role: 'admin' as const };
const scheduled = play({
  trigger: {
    type: 'schedule',
    cohortId: unsortedCohorts[0]!.id,
    cron: '0 9 * * 1',
    timezone: 'Europe/Paris',
  },
});

function open(routes: ApiRoutes = {}, { role = 'admin', flag = false, path = PATH } = {}) {
  return openApp(
    path,
    {
      'GET /user/api/v1/users/me': role === 'admin' ? admin : impersonatedProfile,
      'GET /live-ops/api/v1/segments/seg-1/cohorts': unsortedCohorts,
      [`GET ${MAIN}/plays/${PLAY_ID}`]: play(),
      [`GET ${MAIN}/plays/${PLAY_ID}/runs`]: [],
      ...routes,
    },
    { ...testConfig, featureFlags: { edit_play_schedule: flag } },
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('play details (/app/plays/{playId})', () => {
  it(
    'without edit_play_schedule the schedule is read-only with a note naming the flag; with it, editable',
    async () => {
      open({ [`GET ${MAIN}/plays/${PLAY_ID}`]: scheduled });
      await screen.findByRole('heading', { name: 'Slack + webhook', level: 1 });
      const trigger = section('Trigger');
      expect(within(trigger).getByLabelText('Schedule')).toHaveTextContent(
        'Schedule: 0 9 * * 1 (Europe/Paris)',
      );
      expect(trigger).toHaveTextContent(
        'Editing a schedule needs the feature flag edit_play_schedule',
      );
      expect(within(trigger).queryByLabelText('Cron')).toBeNull();
      expect(within(trigger).getByRole('radio', { name: 'On a schedule' })).toBeDisabled();
      // The rest of the play stays editable by an admin.
      expect(within(trigger).getByLabelText('Name')).toBeEnabled();
      expect(localStorage.getItem('revlane.settings')).toContain(PLAY_ID);
    },
    SLOW_MS,
  );

  it(
    'with edit_play_schedule on, the cron and time zone are inputs and saved in the PATCH',
    async () => {
      const { requests } = open(
        {
          [`GET ${MAIN}/plays/${PLAY_ID}`]: scheduled,
          [`PATCH ${MAIN}/plays/${PLAY_ID}`]: () =>
            jsonResponse(200, { data: { ...scheduled, webhookSecrets: [] } }),
        },
        { flag: true },
      );
      await screen.findByRole('heading', { name: 'Slack + webhook', level: 1 });
      const cron = within(section('Trigger')).getByLabelText('Cron');
      fireEvent.change(cron, { target: { value: '30 8 * * *' } });
      expect(section('Trigger')).not.toHaveTextContent('edit_play_schedule');
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() =>
        expect(requestsTo(requests, 'PATCH', `${MAIN}/plays/${PLAY_ID}`)).toHaveLength(1),
      );
      expect(requestsTo(requests, 'PATCH', `${MAIN}/plays/${PLAY_ID}`)[0]!.body).toMatchObject({
        trigger: { type: 'schedule', cron: '30 8 * * *', timezone: 'Europe/Paris' },
      });
    },
    SLOW_MS,
  );

  it(
    'edits actions with a live template preview; the 400 shows next to the field it names; a new webhook secret shows once',
    async () => {
      let answer: 'refuse' | 'accept' = 'refuse';
      const { requests } = open({
        [`PATCH ${MAIN}/plays/${PLAY_ID}`]: () =>
          answer === 'refuse'
            ? jsonResponse(400, {
                error: 'validation_failed',
                message: 'Some fields are not valid',
                errors: [
                  {
                    path: 'body.actions.1.text',
                    message: `"{{account.nope}}" is not a field of the cohort's accounts (use {{account.<column>}})`,
                  },
                ],
              })
            : jsonResponse(200, {
                data: {
                  ...play(),
                  webhookSecrets: [{ actionId: 'hook-1', secret: 'whsec_c2VjcmV0c2VjcmV0' }],
                },
              }),
      });
      await screen.findByRole('heading', { name: 'Slack + webhook', level: 1 });
      const actions = within(section('Actions')).getByRole('list', { name: 'Play actions' });
      const slack = within(actions).getByRole('listitem', { name: '1. Slack message' });
      // The live preview renders the segment's first record (Globex).
      expect(await within(slack).findByLabelText('Preview of Message')).toHaveTextContent(
        'Preview: New: Globex',
      );
      await userEvent.click(
        within(slack).getByRole('button', { name: 'Move 1. Slack message down' }),
      );
      const moved = within(actions).getByRole('listitem', { name: '2. Slack message' });
      const message = within(moved).getByLabelText('Message');
      fireEvent.change(message, { target: { value: 'Hi {{account.nope}}' } });
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      const error = await within(moved).findByRole('alert');
      expect(error).toHaveTextContent(
        '"{{account.nope}}" is not a field of the cohort\'s accounts',
      );
      const body = requestsTo(requests, 'PATCH', `${MAIN}/plays/${PLAY_ID}`)[0]!.body as {
        actions: { id: string; type: string; text?: string }[];
      };
      expect(body.actions.map((action) => action.id)).toEqual(['hook-1', 'slack-1']);
      expect(body.actions[1]).toMatchObject({ type: 'slack_message', text: 'Hi {{account.nope}}' });

      answer = 'accept';
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      const secrets = await screen.findByRole('list', { name: 'Webhook signing secrets' });
      expect(secrets).toHaveTextContent('whsec_c2VjcmV0c2VjcmV0');
      expect(secrets).toHaveTextContent('2. Webhook');
      expect(
        screen.getByText('Copy the webhook signing secret now: it is shown only once.'),
      ).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    '"Preview" shows the rendered payloads (nothing sent); runs open to per-record outcomes and errors',
    async () => {
      const { requests } = open({
        [`POST ${MAIN}/plays/${PLAY_ID}/preview`]: {
          records: [
            {
              recordId: 'acc-1',
              actions: [
                {
                  actionId: 'slack-1',
                  type: 'slack_message',
                  payload: { channel: 'CSBX00003', text: 'New: Globex' },
                },
                { actionId: 'hook-1', type: 'webhook', payload: { who: 'Globex' } },
              ],
            },
          ],
        },
        [`GET ${MAIN}/plays/${PLAY_ID}/runs`]: [run()],
        [`GET ${MAIN}/plays/${PLAY_ID}/runs/${RUN_ID}`]: runDetail,
      });
      await screen.findByRole('heading', { name: 'Slack + webhook', level: 1 });
      await userEvent.click(within(section('Preview')).getByRole('button', { name: 'Preview' }));
      const payloads = await screen.findByRole('list', { name: 'Preview payloads' });
      expect(within(payloads).getByRole('listitem', { name: 'Record acc-1' })).toHaveTextContent(
        '"text": "New: Globex"',
      );
      expect(payloads).toHaveTextContent('"who": "Globex"');
      expect(requestsTo(requests, 'POST', `${MAIN}/plays/${PLAY_ID}/preview`)).toHaveLength(1);

      const runs = await within(section('Runs')).findByRole('list', { name: 'Runs' });
      const first = within(runs).getByRole('listitem', { name: /^Run of/ });
      expect(first).toHaveTextContent('2 records: 3 succeeded, 1 failed');
      await userEvent.click(within(first).getByRole('button', { name: 'Show outcomes' }));
      const outcomes = await within(first).findByRole('table', { name: 'Outcomes per record' });
      const rows = within(outcomes).getAllByRole('row').slice(1);
      expect(rows[0]).toHaveTextContent('acc-7Slack messagesucceeded11700000000.000100');
      expect(rows[1]).toHaveTextContent('acc-7Webhookfailed4—HTTP 410 Gone');
      // Each record opens its page: the play's segment holds accounts.
      expect(await within(rows[0]!).findByRole('link', { name: 'acc-7' })).toHaveAttribute(
        'href',
        '/app/accounts/acc-7',
      );
    },
    SLOW_MS,
  );

  it(
    'a member reads the play: no Save, Pause or Delete, inputs disabled; an admin deletes with confirm',
    async () => {
      open({}, { role: 'member' });
      await screen.findByRole('heading', { name: 'Slack + webhook', level: 1 });
      expect(
        screen.getByText('Only admins can change plays; you can read this one.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(within(section('Trigger')).getByLabelText('Name')).toBeDisabled();
      expect(screen.queryByRole('button', { name: /Add action/ })).toBeNull();
    },
    SLOW_MS,
  );

  it(
    'pause and delete (with confirm) for an admin',
    async () => {
      const { requests } = open({
        [`PATCH ${MAIN}/plays/${PLAY_ID}`]: (request) =>
          jsonResponse(200, {
            data: { ...play(), ...(request.body as object), webhookSecrets: [] },
          }),
        [`DELETE ${MAIN}/plays/${PLAY_ID}`]: () => new Response(null, { status: 204 }),
        [`GET ${MAIN}/plays`]: { items: [], total: 0, page: 1, perPage: 500 },
      });
      await screen.findByRole('heading', { name: 'Slack + webhook', level: 1 });
      await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
      await waitFor(() =>
        expect(
          requestsTo(requests, 'PATCH', `${MAIN}/plays/${PLAY_ID}`).map((r) => r.body),
        ).toEqual([{ status: 'paused' }]),
      );
      expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      const confirm = (
        await screen.findByText('Delete the play "Slack + webhook"?', {
          selector: '.ant-modal-title',
        })
      ).closest<HTMLElement>('.ant-modal')!;
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(window.location.pathname).toBe('/app/plays'));
      expect(requestsTo(requests, 'DELETE', `${MAIN}/plays/${PLAY_ID}`)).toHaveLength(1);
    },
    SLOW_MS,
  );

  it(
    '?run= opens that run: a pending item shows its next attempt; "Resend failed" POSTs once, says so and reads the run again',
    async () => {
      const nextAttemptAt = '2026-03-04T11:20:00.000Z';
      const withPending = {
        ...runDetail,
        items: [
          ...runDetail.items,
          {
            recordId: 'acc-9',
            actionId: 'hook-1',
            actionType: 'webhook' as const,
            status: 'pending' as const,
            attempts: 2,
            externalId: null,
            error: 'connection refused',
            nextAttemptAt,
          },
        ],
      };
      const { requests } = open(
        {
          [`GET ${MAIN}/plays/${PLAY_ID}/runs`]: [run()],
          [`GET ${MAIN}/plays/${PLAY_ID}/runs/${RUN_ID}`]: withPending,
          [`POST ${MAIN}/plays/${PLAY_ID}/runs/${RUN_ID}/resend`]: () =>
            jsonResponse(202, { data: { resent: 3 } }),
        },
        { path: `${PATH}?run=${RUN_ID}` },
      );
      await screen.findByRole('heading', { name: 'Slack + webhook', level: 1 });
      // Opened by the link, without "Show outcomes".
      const outcomes = await within(section('Runs')).findByRole('table', {
        name: 'Outcomes per record',
      });
      const rows = within(outcomes).getAllByRole('row').slice(1);
      expect(rows[2]).toHaveTextContent(`pendingNext attempt ${formatTimestamp(nextAttemptAt)}`);
      expect(rows[1]).not.toHaveTextContent('Next attempt');
      const runDetailReads = () =>
        requestsTo(requests, 'GET', `${MAIN}/plays/${PLAY_ID}/runs/${RUN_ID}`).length;
      const readsBefore = runDetailReads();

      const resend = within(section('Runs')).getByRole('button', { name: 'Resend failed' });
      // A double click, both before React renders: one request.
      fireEvent.click(resend);
      fireEvent.click(resend);
      expect(await screen.findByText('Resent 3 failed items')).toBeInTheDocument();
      expect(
        requestsTo(requests, 'POST', `${MAIN}/plays/${PLAY_ID}/runs/${RUN_ID}/resend`),
      ).toHaveLength(1);
      await waitFor(() => expect(runDetailReads()).toBeGreaterThan(readsBefore));
    },
    SLOW_MS,
  );

  it(
    'shows the play\'s warnings; a member sees "Resend failed" disabled: only admins can',
    async () => {
      const { requests } = open(
        {
          [`GET ${MAIN}/plays/${PLAY_ID}`]: play({ warnings: ['Slack is not connected'] }),
          [`GET ${MAIN}/plays/${PLAY_ID}/runs`]: [run()],
          [`GET ${MAIN}/plays/${PLAY_ID}/runs/${RUN_ID}`]: runDetail,
        },
        { role: 'member' },
      );
      await screen.findByRole('heading', { name: 'Slack + webhook', level: 1 });
      expect(
        screen
          .getAllByRole('alert')
          .some((alert) => /Slack is not connected/.test(alert.textContent ?? '')),
      ).toBe(true);
      const runs = await within(section('Runs')).findByRole('list', { name: 'Runs' });
      await userEvent.click(within(runs).getByRole('button', { name: 'Show outcomes' }));
      await expectAdminOnly(
        await within(runs).findByRole('button', { name: 'Resend failed' }),
        'Only admins can resend failed items',
      );
      expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
    },
    SLOW_MS,
  );
});
