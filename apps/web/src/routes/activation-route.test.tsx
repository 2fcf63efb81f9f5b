import type { ActivationRun, Profile } from '@revlane/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  accountFields,
  activation,
  activationBody,
  activationPage,
  activationRun,
  ACTIVATION_ID,
  MAIN,
  recordPage,
  RUN_ID,
  runRecord,
  salesforceObjects,
} from '@/features/activations/testing/activation-fixtures';
import { unsortedCohorts } from '@/features/cohorts/testing/cohort-fixtures';
import { expectAdminOnly } from '@/testing/admin-only';
import { requestsTo, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse, type RecordedRequest } from '@/testing/fetch-stub';
import { impersonatedProfile } from '@/testing/profile-fixture';
import { openApp } from '@/testing/open-app';

// Whole pages with forms, tables and polled runs; on a busy shared machine these take a while.
const SLOW_MS = 240_000;
const PATH = `/app/activations/${ACTIVATION_ID}`;
const API = `${MAIN}/activations/${ACTIVATION_ID}`;
const admin = { ...impersonatedProfile, role: 'admin' as const };

function open(routes: ApiRoutes = {}, path = PATH, profile: Profile = admin) {
  return openApp(path, {
    'GET /user/api/v1/users/me': profile,
    'GET /live-ops/api/v1/segments/seg-1/cohorts': unsortedCohorts,
    'GET /live-ops/api/v1/segments/seg-2/cohorts': [],
    [`GET ${MAIN}/activations/destinations/salesforce/objects`]: salesforceObjects,
    [`GET ${MAIN}/activations/destinations/salesforce/objects/Account/fields`]: accountFields,
    [`GET ${API}`]: activation(),
    [`GET ${API}/runs`]: [activationRun()],
    [`GET ${API}/runs/${RUN_ID}`]: activationRun(),
    [`GET ${API}/runs/${RUN_ID}/records`]: recordPage([runRecord()]),
    ...routes,
  });
}

const region = (name: string | RegExp) => screen.getByRole('region', { name });
const query = (request: RecordedRequest) => new URL(request.url, 'http://localhost').searchParams;

describe('activation page (/app/activations/{id})', () => {
  it(
    'before the first real run "Dry run" leads; it polls the run until it ends, then shows its counts and sample changes',
    async () => {
      const DRY_ID = 'dry-1';
      let started = false;
      let runReads = 0;
      const dry = (overrides: Partial<ActivationRun>) =>
        activationRun({ id: DRY_ID, dryRun: true, trigger: 'manual', ...overrides });
      const { requests } = open({
        [`GET ${API}`]: activation({ lastRun: null }),
        [`GET ${API}/runs`]: () =>
          jsonResponse(200, { data: started ? [dry({ status: 'succeeded' })] : [] }),
        [`POST ${API}/runs`]: () => {
          started = true;
          // docs/product.md §7: the answer is the started run's id; the page reads the run.
          return jsonResponse(202, { data: { id: DRY_ID } });
        },
        [`GET ${API}/runs/${DRY_ID}`]: () => {
          runReads += 1;
          const run =
            runReads === 1
              ? dry({ status: 'running', planned: 16, done: 4, finishedAt: null })
              : dry({ status: 'succeeded', counts: { ...activationRun().counts, failed: 0 } });
          return jsonResponse(200, { data: run });
        },
        [`GET ${API}/runs/${DRY_ID}/records`]: recordPage(
          [
            runRecord({ outcome: 'planned', destinationId: null }),
            runRecord({
              key: 'grace@acme.test',
              status: 'added',
              change: 'added',
              outcome: 'planned',
              sent: [
                { field: 'MRR__c', before: null, after: '900' },
                { field: 'Plan__c', before: null, after: 'Pro' },
              ],
              destinationId: null,
            }),
          ],
          15,
        ),
      });
      await screen.findByRole('heading', { name: 'Pro accounts to Salesforce', level: 1 });
      expect(await screen.findByText('Start with a dry run')).toBeInTheDocument();
      const dryRun = screen.getByRole('button', { name: 'Dry run' });
      expect(dryRun).toHaveClass('ant-btn-primary');
      expect(screen.getByRole('button', { name: 'Run now' })).not.toHaveClass('ant-btn-primary');
      expect(screen.getByText('Salesforce · Account')).toBeInTheDocument();
      expect(screen.getByText('Mode: Update')).toBeInTheDocument();
      expect(screen.getByText('Schedule: Daily')).toBeInTheDocument();

      await userEvent.click(dryRun);
      const panel = await screen.findByRole('region', { name: 'Dry run' });
      expect(
        await within(panel).findByLabelText('Dry run counts', {}, { timeout: 15_000 }),
      ).toHaveTextContent('12 added · 3 changed · 0 removed · 0 failed · 40 unchanged');
      expect(requestsTo(requests, 'POST', `${API}/runs`).map((r) => r.body)).toEqual([
        { dryRun: true },
      ]);
      // Read while it ran, then no more once it had ended.
      expect(runReads).toBeGreaterThanOrEqual(2);
      const samples = await within(panel).findByRole('list', { name: 'Sample changes' });
      expect(within(samples).getByRole('listitem', { name: 'ada@acme.test' })).toHaveTextContent(
        'ada@acme.testChangedMRR__c: 1200 → 1500',
      );
      expect(within(samples).getByRole('listitem', { name: 'grace@acme.test' })).toHaveTextContent(
        'MRR__c: empty → 900Plan__c: empty → Pro',
      );
      const recordReads = requestsTo(requests, 'GET', `${API}/runs/${DRY_ID}/records`);
      expect(recordReads.map((request) => query(request).get('status'))).toEqual([null]);
      // The dry run joins the history.
      const runs = await within(region('Runs')).findByRole('table', { name: 'Runs' });
      await waitFor(() => expect(within(runs).getAllByRole('row')).toHaveLength(2));
      expect(within(runs).getAllByRole('row')[1]).toHaveTextContent('Yes');
    },
    SLOW_MS,
  );

  it(
    '?run= opens a run: history row, records filtered by Failed call ?status=failed; "Retry failed" posts {retryFailed:true} and opens the retry',
    async () => {
      const failed = runRecord({
        key: 'bob@acme.test',
        status: 'failed',
        change: 'changed',
        outcome: 'failed',
        sent: [{ field: 'MRR__c', before: '10', after: '20' }],
        destinationId: '001XX000003DHPi',
        answer: 'FIELD_CUSTOM_VALIDATION_EXCEPTION: MRR must be positive',
      });
      const { requests } = open(
        {
          [`GET ${API}/runs/${RUN_ID}`]: activationRun(),
          [`GET ${API}/runs/${RUN_ID}/records`]: (request) =>
            jsonResponse(200, {
              data:
                query(request).get('status') === 'failed'
                  ? recordPage([failed])
                  : recordPage([runRecord(), failed]),
            }),
          [`POST ${API}/runs`]: () => jsonResponse(202, { data: { id: 'retry-1' } }),
          [`GET ${API}/runs/retry-1`]: activationRun({ id: 'retry-1', retryFailed: true }),
          [`GET ${API}/runs/retry-1/records`]: recordPage([]),
        },
        `${PATH}?run=${RUN_ID}`,
      );
      await screen.findByRole('heading', { name: 'Pro accounts to Salesforce', level: 1 });
      // A real run has happened: "Run now" leads and no dry-run prompt shows.
      expect(screen.getByRole('button', { name: 'Run now' })).toHaveClass('ant-btn-primary');
      expect(screen.queryByText('Start with a dry run')).toBeNull();
      const history = await within(region('Runs')).findByRole('table', { name: 'Runs' });
      const row = within(history).getAllByRole('row')[1]!;
      expect(row).toHaveTextContent(
        'ManualNopartial12 added · 3 changed · 0 removed · 1 failed1 min 5 s',
      );
      expect(
        within(row).getByRole('button', { name: /^Hide records of the run of/ }),
      ).toHaveAttribute('aria-expanded', 'true');

      const opened = await screen.findByRole('region', { name: /^Run of/ });
      const records = await within(opened).findByRole('table', { name: 'Records' });
      await waitFor(() => expect(within(records).getAllByRole('row')).toHaveLength(3));
      expect(within(records).getAllByRole('row')[1]).toHaveTextContent(
        'ada@acme.testChangedsucceededMRR__c: 1200 → 1500001XX000003DHPh—',
      );

      const outcome = within(opened).getByRole('radiogroup', { name: 'Outcome' });
      await userEvent.click(within(outcome).getByRole('radio', { name: 'Failed' }));
      await waitFor(() => expect(within(records).getAllByRole('row')).toHaveLength(2));
      expect(within(records).getAllByRole('row')[1]).toHaveTextContent(
        'bob@acme.testChangedfailedMRR__c: 10 → 20001XX000003DHPiFIELD_CUSTOM_VALIDATION_EXCEPTION: MRR must be positive',
      );
      expect(
        requestsTo(requests, 'GET', `${API}/runs/${RUN_ID}/records`).map((request) =>
          query(request).get('status'),
        ),
      ).toEqual([null, 'failed']);

      const retry = within(opened).getByRole('button', { name: 'Retry failed' });
      // A double click, both before React renders: one request.
      fireEvent.click(retry);
      fireEvent.click(retry);
      await waitFor(() =>
        expect(new URLSearchParams(window.location.search).get('run')).toBe('retry-1'),
      );
      expect(requestsTo(requests, 'POST', `${API}/runs`).map((r) => r.body)).toEqual([
        { retryFailed: true },
      ]);
    },
    SLOW_MS,
  );

  it(
    'a running run shows its progress; Dry run and Run now wait for it',
    async () => {
      const running = activationRun({
        status: 'running',
        planned: 10_000,
        done: 1_200,
        finishedAt: null,
        counts: { added: 1_100, changed: 100, removed: 0, unchanged: 0, failed: 0 },
      });
      open(
        {
          [`GET ${API}`]: activation({ lastRun: running }),
          [`GET ${API}/runs`]: [running],
          [`GET ${API}/runs/${RUN_ID}`]: running,
          [`GET ${API}/runs/${RUN_ID}/records`]: recordPage([]),
        },
        `${PATH}?run=${RUN_ID}`,
      );
      const opened = await screen.findByRole('region', { name: /^Run of/ });
      expect(await within(opened).findByRole('status')).toHaveTextContent(
        'Sending 1,200 of 10,000',
      );
      expect(screen.getByRole('button', { name: 'Dry run' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Run now' })).toBeDisabled();
    },
    SLOW_MS,
  );

  it(
    'a member reads it: every change and run button is disabled and says only admins can',
    async () => {
      const { requests } = open({}, `${PATH}?run=${RUN_ID}`, impersonatedProfile);
      await screen.findByRole('heading', { name: 'Pro accounts to Salesforce', level: 1 });
      for (const name of ['Dry run', 'Run now', 'Edit', 'Delete']) {
        expect(screen.getByRole('button', { name })).toBeDisabled();
      }
      await expectAdminOnly(
        screen.getByRole('button', { name: 'Run now' }),
        'Only admins can run activations',
      );
      const opened = await screen.findByRole('region', { name: /^Run of/ });
      expect(within(opened).getByRole('button', { name: 'Retry failed' })).toBeDisabled();
      expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
    },
    SLOW_MS,
  );

  it(
    '"Edit" opens the editor filled in; Mirror asks what leaving does; the PATCH carries the whole definition; "Delete" confirms',
    async () => {
      const { requests } = open({
        [`PATCH ${API}`]: (request) =>
          jsonResponse(200, { data: { ...activation(), ...(request.body as object) } }),
        [`DELETE ${API}`]: () => new Response(null, { status: 204 }),
        [`GET ${MAIN}/activations`]: activationPage([]),
      });
      await screen.findByRole('heading', { name: 'Pro accounts to Salesforce', level: 1 });
      await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
      const cohort = await screen.findByRole('region', { name: 'Cohort' });
      expect(within(cohort).getByLabelText('Name')).toHaveValue('Pro accounts to Salesforce');
      await waitFor(() => expect(cohort).toHaveTextContent('Big Pro accounts'));
      await waitFor(() => expect(region('Field mapping')).toHaveTextContent('MRR__c · currency'));
      const sync = region('Sync');
      await userEvent.click(
        within(within(sync).getByRole('radiogroup', { name: 'Mode' })).getByRole('radio', {
          name: /^Mirror/,
        }),
      );
      const onLeave = within(sync).getByRole('radiogroup', { name: 'On leave' });
      await userEvent.click(within(onLeave).getByRole('radio', { name: 'Delete the record' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(requestsTo(requests, 'PATCH', API)).toHaveLength(1));
      expect(requestsTo(requests, 'PATCH', API)[0]!.body).toEqual(
        activationBody({ mode: 'mirror', onLeave: 'delete' }),
      );
      // Saved: the page reads again, with the new mode.
      expect(await screen.findByText('Mode: Mirror')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      const confirm = (
        await screen.findByText('Delete the activation "Pro accounts to Salesforce"?', {
          selector: '.ant-modal-title',
        })
      ).closest<HTMLElement>('.ant-modal')!;
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(window.location.pathname).toBe('/app/activations'));
      expect(requestsTo(requests, 'DELETE', API)).toHaveLength(1);
    },
    SLOW_MS,
  );
});
