import { describe, expect, it } from 'vitest';
import {
  COHORTS_API,
  NOTIFICATIONS_API,
  type CohortChanges,
  type Firing,
  type Inbox,
} from '@revlane/contracts';
import { API } from '../__tests__/live-ops-fixture.js';
import {
  scoresClient,
  untilColumn,
  untilState,
  SCORE_FIT_RULES,
  SCORE_BEHAVIOUR,
  LOWER_GRADES,
} from '../__tests__/scores-test-client.js';
import {
  createAccountsCohort,
  getCohort,
  usePollingFixture,
} from '../snapshots/__tests__/snapshot-fixture.js';
import {
  newAlertBody,
  notificationsClient,
} from '../notifications/__tests__/notifications-client.js';

const idsOf = (records: Record<string, unknown>[]) => records.map((r) => String(r.id)).sort();

describe('live-ops: "entered grade A" end to end (ADR 0034, ADR 0023)', () => {
  const f = usePollingFixture();

  it('a score change moves records into a grade-A cohort: snapshot, changes and the alert follow', async () => {
    const scores = scoresClient(f);
    const alerts = notificationsClient(f);
    const score = await scores.create(f.dana, {
      name: 'Fit',
      baseTable: 'accounts',
      fit: SCORE_FIT_RULES,
      behaviour: SCORE_BEHAVIOUR,
    });
    const { grade } = score.columns;
    await untilColumn(f, grade, true);

    const segment = f.segmentId('All accounts');
    const cohort = await createAccountsCohort(f, 'Grade A', [
      { field: grade, operator: 'includes', value: ['A'] },
    ]);
    const alert = await alerts.create(f.dana, newAlertBody(segment, cohort.id, 'Entered grade A'));
    const before = cohort.members;
    expect(before).not.toBeNull();
    const since = new Date().toISOString();

    const patched = await scores.patch(f.dana, score.id, { grades: LOWER_GRADES });
    expect(patched.statusCode, patched.body).toBe(200);

    // The rebuild's "warehouse loaded" snapshots the cohort; the alert evaluates in that run.
    const after = await untilState('the cohort grows', async () => {
      const current = await getCohort(f, cohort.id);
      return current.members! > before! ? current : undefined;
    });
    const firing = await untilState('the alert fires', async () => {
      const [latest] = await alerts.read<Firing[]>(f.dana, NOTIFICATIONS_API.firings(alert.id));
      return latest;
    });
    const changes = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/${COHORTS_API.changes(cohort.id)}`,
      query: { since },
    });
    expect(changes.statusCode, changes.body).toBe(200);
    const { entered, left } = changes.json<{ data: CohortChanges }>().data;
    // Lowering grade A's minimum only lets records in.
    expect(left.total).toBe(0);
    expect(entered.total).toBe(after.members! - before!);
    const enteredIds = idsOf(entered.rows.map((row) => row.record));
    expect(firing).toMatchObject({ type: 'new', count: entered.total });
    expect(idsOf(firing.records)).toEqual(enteredIds);

    const item = await untilState('the inbox shows the firing', async () => {
      const inbox = await alerts.read<Inbox>(f.dana, NOTIFICATIONS_API.inbox);
      return inbox.items.find((entry) => entry.firingId === firing.id);
    });
    expect(item).toMatchObject({ notificationId: alert.id, type: 'new', read: false });
  });
});
