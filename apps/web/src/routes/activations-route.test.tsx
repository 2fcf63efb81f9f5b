import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  accountFields,
  activation,
  activationBody,
  activationPage,
  activationRun,
  MAIN,
  salesforceObjects,
} from '@/features/activations/testing/activation-fixtures';
import { unsortedCohorts } from '@/features/cohorts/testing/cohort-fixtures';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { pickOptionWithin } from '@/testing/antd-select';
import { requestsTo, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { impersonatedProfile } from '@/testing/profile-fixture';
import { openApp } from '@/testing/open-app';

// Whole pages with tables and forms; on a busy shared machine these take a while.
const SLOW_MS = 240_000;

const admin = { ...impersonatedProfile, role: 'admin' as const };

const open = (path: string, routes: ApiRoutes = {}) =>
  openApp(path, {
    'GET /user/api/v1/users/me': admin,
    'GET /live-ops/api/v1/segments/seg-1/cohorts': unsortedCohorts,
    'GET /live-ops/api/v1/segments/seg-2/cohorts': [],
    [`GET ${MAIN}/activations`]: activationPage([]),
    ...routes,
  });

const region = (name: string) => screen.getByRole('region', { name });

describe('activations list (/app/activations)', () => {
  it(
    'lists each activation: cohort, destination, mode, last run with its counts, next run',
    async () => {
      open('/app/activations', {
        [`GET ${MAIN}/activations`]: activationPage([
          activation(),
          activation({
            id: 'a-2',
            name: 'Churned to HubSpot',
            cohortName: 'Anyone paying',
            destination: { provider: 'hubspot', object: 'companies' },
            mode: 'mirror',
            schedule: 'after_load',
            nextRunAt: null,
            lastRun: null,
          }),
          activation({
            id: 'a-3',
            name: 'Sheet of accounts',
            destination: { provider: 'google_sheets', object: '1AbC/Accounts' },
            schedule: 'manual',
            nextRunAt: null,
            lastRun: activationRun({ status: 'running', planned: 10_000, done: 1_200 }),
          }),
        ]),
      });
      const table = await screen.findByRole('table', { name: 'Activations' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(3);
      expect(
        within(rows[0]!).getByRole('link', { name: 'Pro accounts to Salesforce' }),
      ).toHaveAttribute('href', '/app/activations/a1b2c3d4-0000-4000-8000-000000000001');
      expect(rows[0]).toHaveTextContent('Big Pro accounts');
      expect(rows[0]).toHaveTextContent('Salesforce · Account');
      expect(rows[0]).toHaveTextContent('Update');
      expect(rows[0]).toHaveTextContent('partial');
      expect(rows[0]).toHaveTextContent('12 added · 3 changed · 0 removed · 1 failed');
      expect(rows[0]).toHaveTextContent(formatTimestamp('2026-03-05T06:00:00.000Z'));
      expect(rows[1]).toHaveTextContent('HubSpot · companies');
      expect(rows[1]).toHaveTextContent('Mirror');
      expect(rows[1]).toHaveTextContent('Never');
      expect(rows[1]).toHaveTextContent('After each load');
      expect(rows[2]).toHaveTextContent('Google Sheets · 1AbC/Accounts');
      expect(rows[2]).toHaveTextContent('Sending 1,200 of 10,000');
      expect(rows[2]).toHaveTextContent('Manual');
    },
    SLOW_MS,
  );

  it(
    'shows a loading state, then the empty state explaining activations with "New activation"',
    async () => {
      let answer: (response: Response) => void = () => undefined;
      open('/app/activations', {
        [`GET ${MAIN}/activations`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      await screen.findByRole('heading', { name: 'Activations', level: 1 });
      expect(document.querySelector('.ant-skeleton')).not.toBeNull();
      answer(jsonResponse(200, { data: activationPage([]) }));
      const empty = await screen.findByRole('region', { name: 'No activations yet' });
      expect(empty).toHaveTextContent('keeps records at a destination');
      expect(screen.queryByRole('table')).toBeNull();
      await userEvent.click(within(empty).getByRole('button', { name: 'New activation' }));
      expect(
        await screen.findByRole('heading', { name: 'New activation', level: 1 }),
      ).toBeVisible();
      expect(window.location.pathname).toBe('/app/activations/new');
    },
    SLOW_MS,
  );
});

describe('new activation (/app/activations/new)', () => {
  it(
    'cohort, destination, match, a field and a mode → one POST with exactly that; a 400 on fields.0.field shows under its row; then its page opens',
    async () => {
      const created = activation({
        id: 'a-new',
        mode: 'upsert',
        schedule: 'manual',
        lastRun: null,
      });
      let answer: 'refuse' | 'accept' = 'refuse';
      const { requests } = open('/app/activations/new', {
        [`GET ${MAIN}/activations/destinations/salesforce/objects`]: salesforceObjects,
        [`GET ${MAIN}/activations/destinations/salesforce/objects/Account/fields`]: accountFields,
        [`POST ${MAIN}/activations`]: () =>
          answer === 'refuse'
            ? jsonResponse(400, {
                error: 'validation_failed',
                message: 'Some fields are not valid',
                errors: [
                  { path: 'body.fields.0.field', message: 'MRR__c is not writable by this user' },
                ],
              })
            : jsonResponse(201, { data: created }),
        [`GET ${MAIN}/activations/a-new`]: created,
        [`GET ${MAIN}/activations/a-new/runs`]: [],
      });
      await screen.findByRole('heading', { name: 'New activation', level: 1 });
      const create = screen.getByRole('button', { name: 'Create activation' });
      expect(create).toBeDisabled();

      await userEvent.type(
        within(region('Cohort')).getByLabelText('Name'),
        'Pro accounts to Salesforce',
      );
      await pickOptionWithin(region('Cohort'), 'Cohort', 'Big Pro accounts');
      await pickOptionWithin(region('Destination'), 'Provider', 'Salesforce');
      await pickOptionWithin(region('Destination'), 'Object', 'Account');
      await pickOptionWithin(region('Match'), 'Cohort column', 'Owner email');
      // Only the fields that can identify a record are offered to match on.
      await userEvent.click(
        within(region('Match')).getByRole('combobox', { name: 'Destination field' }),
      );
      await waitFor(() =>
        expect(
          [
            ...document.querySelectorAll(
              '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
            ),
          ].map((option) => option.textContent),
        ).toEqual(['Id · id', 'Owner_Email__c · email']),
      );
      await pickOptionWithin(region('Match'), 'Destination field', 'Owner_Email__c');
      const row = within(region('Field mapping')).getByRole('listitem', { name: 'Field 1' });
      await pickOptionWithin(row, 'Cohort column', 'MRR');
      await pickOptionWithin(row, 'Destination field', 'MRR__c · currency');
      expect(row).toHaveTextContent('MRR__c · currency');
      const mode = within(region('Sync')).getByRole('radiogroup', { name: 'Mode' });
      await userEvent.click(within(mode).getByRole('radio', { name: /^Upsert/ }));
      // "On leave" is Mirror's only.
      expect(within(region('Sync')).queryByRole('radiogroup', { name: 'On leave' })).toBeNull();

      // A double click, both before React renders: one request.
      fireEvent.click(create);
      fireEvent.click(create);
      expect(await within(row).findByRole('alert')).toHaveTextContent(
        'MRR__c is not writable by this user',
      );
      const body = activationBody({ mode: 'upsert', schedule: 'manual' });
      expect(requestsTo(requests, 'POST', `${MAIN}/activations`).map((r) => r.body)).toEqual([
        body,
      ]);

      answer = 'accept';
      await userEvent.click(create);
      expect(
        await screen.findByRole('heading', { name: 'Pro accounts to Salesforce', level: 1 }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/app/activations/a-new');
      expect(requestsTo(requests, 'POST', `${MAIN}/activations`).map((r) => r.body)).toEqual([
        body,
        body,
      ]);
      // No leave prompt held the page after the save.
      expect(screen.queryByText('Leave without saving?')).toBeNull();
    },
    SLOW_MS,
  );

  it(
    'a provider that is not connected: its error and a link to Connections',
    async () => {
      open('/app/activations/new', {
        [`GET ${MAIN}/activations/destinations/hubspot/objects`]: () =>
          jsonResponse(409, { error: 'not_connected', message: 'HubSpot is not connected' }),
      });
      await screen.findByRole('heading', { name: 'New activation', level: 1 });
      await pickOptionWithin(region('Destination'), 'Provider', 'HubSpot');
      const alert = await within(region('Destination')).findByRole('alert');
      expect(alert).toHaveTextContent('HubSpot is not connected');
      expect(
        within(alert).getByRole('link', { name: 'Connect HubSpot in Connections' }),
      ).toHaveAttribute('href', '/app/connections');
      expect(
        within(region('Destination')).getByRole('combobox', { name: 'Object' }),
      ).toBeDisabled();
    },
    SLOW_MS,
  );
});
