import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { unsortedCohorts } from '@/features/cohorts/testing/cohort-fixtures';
import {
  backtestResult,
  COHORT_ID,
  LIVE_OPS,
  preview,
  score,
  SCORE_ID,
} from '@/features/scores/testing/score-fixtures';
import { pickOptionWithin } from '@/testing/antd-select';
import { requestsTo, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { impersonatedProfile, withRole } from '@/testing/profile-fixture';
import { openApp } from '@/testing/open-app';
import type { Profile } from '@revlane/contracts';

// Whole pages with forms, tables and a debounced preview; on a busy shared machine these take a while.
const SLOW_MS = 240_000;
const PATH = `/app/scores/${SCORE_ID}`;
const API = `${LIVE_OPS}/scores/${SCORE_ID}`;

function open(routes: ApiRoutes = {}, profile: Profile = withRole('admin')) {
  return openApp(PATH, {
    'GET /user/api/v1/users/me': profile,
    'GET /live-ops/api/v1/segments/seg-1/cohorts': unsortedCohorts,
    [`GET ${LIVE_OPS}/scores`]: [score()],
    [`GET ${API}`]: score(),
    [`POST ${LIVE_OPS}/scores/preview`]: preview(),
    ...routes,
  });
}

const region = (name: string) => screen.getByRole('region', { name });

describe('score page (/app/scores/{id})', () => {
  it(
    'the editor holds the saved definition with its preview; a 400 on fit[0].filters[0].field shows under that rule; the PATCH carries the whole definition',
    async () => {
      const { requests } = open({
        [`PATCH ${API}`]: () =>
          jsonResponse(400, {
            error: 'bad_request',
            message: 'Some fields are not valid',
            errors: [
              { path: 'body.fit[0].filters[0].field', message: 'No column is named plan' },
              { path: 'body.behaviour[0].lifespanDays', message: 'At most 730 days' },
            ],
          }),
      });
      await screen.findByRole('heading', { name: 'Product-qualified', level: 1 });
      expect(screen.getByText('Base table: Accounts')).toBeInTheDocument();
      expect(screen.getByText('Version 2')).toBeInTheDocument();
      expect(within(region('Score')).getByLabelText('Name')).toHaveValue('Product-qualified');
      // The base table is fixed once the score exists.
      for (const radio of within(region('Score')).getAllByRole('radio')) {
        expect(radio).toBeDisabled();
      }
      const fit = within(region('Fit rules')).getByRole('listitem', { name: 'Fit rule 1' });
      expect(await within(fit).findByRole('list', { name: 'Filters' })).toHaveTextContent(
        'Plan is any of Pro',
      );
      expect(within(fit).getByLabelText('Points')).toHaveValue('20');
      const behaviour = within(region('Behaviour rules')).getByRole('listitem', {
        name: 'Behaviour rule 1',
      });
      expect(within(behaviour).getByRole('combobox', { name: 'Event' })).toHaveValue(
        'report_exported',
      );
      // The saved definition is previewed at once.
      expect(
        await within(region('Preview')).findByRole(
          'figure',
          { name: 'Score distribution' },
          { timeout: 10_000 },
        ),
      ).toBeInTheDocument();
      expect(requestsTo(requests, 'POST', `${LIVE_OPS}/scores/preview`)[0]?.body).toEqual({
        baseTable: 'accounts',
        fit: score().fit,
        behaviour: score().behaviour,
      });

      const save = screen.getByRole('button', { name: 'Save changes' });
      // Nothing changed yet: nothing to save.
      expect(save).toBeDisabled();
      const points = within(fit).getByLabelText('Points');
      await userEvent.clear(points);
      await userEvent.type(points, '25');
      fireEvent.click(save);
      fireEvent.click(save);
      const alerts = await within(fit).findAllByRole('alert');
      expect(alerts.map((alert) => alert.textContent)).toEqual([
        'Filter 1: No column is named plan',
      ]);
      expect(within(behaviour).getByRole('alert')).toHaveTextContent('At most 730 days');
      expect(requestsTo(requests, 'PATCH', API).map((request) => request.body)).toEqual([
        {
          name: 'Product-qualified',
          fit: [{ filters: score().fit[0]!.filters, points: 25 }],
          behaviour: score().behaviour,
          grades: null,
        },
      ]);
    },
    SLOW_MS,
  );

  it(
    'a back-test against a cohort of accounts shows the AUC, the lift, the deciles and the grades',
    async () => {
      let answer: (response: Response) => void = () => undefined;
      const { requests } = open({
        [`POST ${API}/backtest`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      await screen.findByRole('heading', { name: 'Product-qualified', level: 1 });
      const panel = region('Back-test');
      const run = within(panel).getByRole('button', { name: 'Run back-test' });
      // No outcome chosen yet.
      expect(run).toBeDisabled();
      expect(within(panel).getByLabelText('Horizon (days)')).toHaveValue('30');
      await pickOptionWithin(panel, 'Cohort', 'Big Pro accounts');
      await userEvent.click(run);
      expect(await within(panel).findByText('Scoring the past days…')).toBeInTheDocument();
      answer(jsonResponse(200, { data: backtestResult() }));

      const figures = await within(panel).findByLabelText('Back-test summary');
      expect(figures).toHaveTextContent('AUC0.81');
      expect(figures).toHaveTextContent('Lift of the top decile3.4×');
      expect(figures).toHaveTextContent('Records10,000');
      expect(figures).toHaveTextContent('Converted500');
      expect(figures).toHaveTextContent('Rate5.0%');
      const deciles = within(panel).getByRole('table', { name: 'Conversion by decile' });
      const rows = within(deciles).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(10);
      expect(rows[0]).toHaveTextContent(/^190–1001,00017017\.0%$/);
      expect(rows[9]).toHaveTextContent(/^100–91,00080\.8%$/);
      const grades = within(panel).getByRole('table', { name: 'Conversion by grade' });
      expect(within(grades).getAllByRole('row')[1]).toHaveTextContent(/^A1,00017017\.0%$/);
      expect(requestsTo(requests, 'POST', `${API}/backtest`).map((r) => r.body)).toEqual([
        { outcome: { cohortId: COHORT_ID }, horizonDays: 30, days: 180 },
      ]);
    },
    SLOW_MS,
  );

  it(
    'an event outcome and a refused horizon: the 400 shows under the horizon',
    async () => {
      const { requests } = open({
        [`POST ${API}/backtest`]: () =>
          jsonResponse(400, {
            error: 'bad_request',
            message: 'Some fields are not valid',
            errors: [{ path: 'body.horizonDays', message: 'The history is too short for 90 days' }],
          }),
      });
      await screen.findByRole('heading', { name: 'Product-qualified', level: 1 });
      const panel = region('Back-test');
      await userEvent.click(within(panel).getByRole('radio', { name: 'Did an event' }));
      await userEvent.type(within(panel).getByLabelText('Outcome event'), 'plan_upgraded');
      const horizon = within(panel).getByLabelText('Horizon (days)');
      await userEvent.clear(horizon);
      await userEvent.type(horizon, '90');
      await userEvent.click(within(panel).getByRole('button', { name: 'Run back-test' }));
      const alerts = await within(panel).findAllByRole('alert');
      expect(alerts.map((alert) => alert.textContent)).toContain(
        'The history is too short for 90 days',
      );
      expect(requestsTo(requests, 'POST', `${API}/backtest`).map((r) => r.body)).toEqual([
        { outcome: { event: 'plan_upgraded' }, horizonDays: 90, days: 180 },
      ]);
    },
    SLOW_MS,
  );

  it(
    '"Delete" confirms; a 409 lists what uses the score and keeps it',
    async () => {
      const { requests } = open({
        [`DELETE ${API}`]: () =>
          jsonResponse(409, {
            error: 'conflict',
            message: 'The score is used by 2 records',
            errors: [
              { path: 'cohort:c-1', message: 'Grade A accounts' },
              { path: 'activation:a-1', message: 'PQL to Salesforce' },
            ],
          }),
      });
      await screen.findByRole('heading', { name: 'Product-qualified', level: 1 });
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', {
        name: 'Delete the score "Product-qualified"?',
      });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      const usedBy = await within(dialog).findByRole('list', { name: 'Used by' });
      expect(
        within(usedBy)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['cohort Grade A accounts', 'activation PQL to Salesforce']);
      expect(dialog).toHaveTextContent('The score is used by 2 records');
      expect(requestsTo(requests, 'DELETE', API)).toHaveLength(1);
      expect(window.location.pathname).toBe(PATH);
    },
    SLOW_MS,
  );

  it(
    'a member reads it: Save and Delete are disabled; the back-test runs',
    async () => {
      open({ [`POST ${API}/backtest`]: backtestResult() }, impersonatedProfile);
      await screen.findByRole('heading', { name: 'Product-qualified', level: 1 });
      expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
      expect(screen.getByText(/Only admins can change scores/)).toBeInTheDocument();
      const panel = region('Back-test');
      await pickOptionWithin(panel, 'Cohort', 'Big Pro accounts');
      await userEvent.click(within(panel).getByRole('button', { name: 'Run back-test' }));
      await waitFor(() =>
        expect(within(panel).getByLabelText('Back-test summary')).toHaveTextContent('AUC0.81'),
      );
    },
    SLOW_MS,
  );
});
