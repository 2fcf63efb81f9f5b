import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingStep, Profile } from '@revlane/contracts';
import { asUser, createTestApp, testUser, type TestApp, type TestUser } from '../../../test/app.js';
import { onboardingSteps, users } from '../../platform/database/schema/index.js';
import { findSlackChannelId, updateSlackChannelId } from './notifications/slack.repository.js';
import { markStepCompleted } from './onboarding/onboarding.repository.js';
import {
  findDashboard,
  markTermsAccepted,
  mergeDashboard,
  updateUser,
} from './users/users.repository.js';

const base = '/user/api/v1';

describe('organizations are isolated (docs/architecture.md §2)', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceProfile: Profile;
  let bobProfile: Profile;

  const profileOf = async (user: TestUser) =>
    (await t.app.inject(asUser(user, { method: 'GET', url: `${base}/users/me` }))).json<{
      data: Profile;
    }>().data;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await testUser(t, 'alice@org-a.example');
    bob = await testUser(t, 'bob@org-b.example');
    aliceProfile = await profileOf(alice);
    bobProfile = await profileOf(bob);
  });
  afterAll(() => t.close());

  it('puts the two users in different organizations', () => {
    expect(aliceProfile.organization.id).not.toBe(bobProfile.organization.id);
  });

  it('answers 404 when B completes an onboarding step with A’s id, and changes nothing', async () => {
    const response = await t.app.inject(
      asUser(bob, {
        method: 'PATCH',
        url: `${base}/${aliceProfile.id}/onboarding/steps/connect-my-data`,
        payload: { status: 'completed' },
      }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'User not found' });
    const rows = await t.database.db
      .select()
      .from(onboardingSteps)
      .where(eq(onboardingSteps.userId, aliceProfile.id));
    expect(rows).toHaveLength(0);
    const steps = await t.app.inject(
      asUser(alice, { method: 'GET', url: `${base}/users/me/onboarding-steps` }),
    );
    expect(
      steps.json<{ data: OnboardingStep[] }>().data.every((step) => step.status === 'pending'),
    ).toBe(true);
  });

  it('B’s own changes never touch A', async () => {
    await t.app.inject(
      asUser(bob, { method: 'PATCH', url: `${base}/users/me`, payload: { displayName: 'Bob B' } }),
    );
    await t.app.inject(asUser(bob, { method: 'POST', url: `${base}/users/me/accept-terms` }));
    await t.app.inject(
      asUser(bob, {
        method: 'PATCH',
        url: `${base}/users/me/dashboard`,
        payload: { trendRangeDays: 180 },
      }),
    );
    const [aliceRow] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, aliceProfile.id));
    expect(aliceRow).toMatchObject({
      displayName: aliceProfile.displayName,
      termsAcceptedAt: null,
      dashboard: null,
    });
  });

  it('every repository statement is scoped: A’s id with B’s organization finds and changes nothing', async () => {
    const { db } = t.database;
    const orgB = bobProfile.organization.id;
    const aliceId = aliceProfile.id;
    expect(await updateUser(db, orgB, aliceId, { displayName: 'Mallory' })).toBeUndefined();
    expect(await markTermsAccepted(db, orgB, aliceId)).toBeUndefined();
    expect(await findDashboard(db, orgB, aliceId)).toBeUndefined();
    expect(await mergeDashboard(db, orgB, aliceId, { trendRangeDays: 90 })).toBeUndefined();
    expect(await markStepCompleted(db, orgB, aliceId, 'meet-an-expert')).toBeUndefined();
    expect(await findSlackChannelId(db, orgB, aliceId)).toBeUndefined();
    expect(await updateSlackChannelId(db, orgB, aliceId, 'C123')).toBeUndefined();
    const [aliceRow] = await db.select().from(users).where(eq(users.id, aliceId));
    expect(aliceRow).toMatchObject({
      displayName: aliceProfile.displayName,
      termsAcceptedAt: null,
      dashboard: null,
      slackChannelId: null,
    });
    expect(
      await db.select().from(onboardingSteps).where(eq(onboardingSteps.userId, aliceId)),
    ).toHaveLength(0);
  });
});
