import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS, type OnboardingStep, type Profile } from '@revlane/contracts';
import { asUser, testUser, type TestUser } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';
import { uploadPng } from '../../../../test/uploads.js';

const base = '/user/api/v1';

describe('user service: onboarding steps', () => {
  const s = useTestApp(async (t) => {
    const ada = await testUser(t, 'ada@steps.example');
    const me = await t.app.inject(asUser(ada, { method: 'GET', url: `${base}/users/me` }));
    return { ada, adaId: me.json<{ data: Profile }>().data.id };
  });

  const listSteps = async () => {
    const response = await s.t.app.inject(
      asUser(s.ada, { method: 'GET', url: `${base}/users/me/onboarding-steps` }),
    );
    expect(response.statusCode).toBe(200);
    return response.json<{ data: OnboardingStep[] }>().data;
  };
  const complete = (userId: string, stepId: string, payload: unknown = { status: 'completed' }) =>
    s.t.app.inject(
      asUser(s.ada, {
        method: 'PATCH',
        url: `${base}/${userId}/onboarding/steps/${stepId}`,
        payload: payload as object,
      }),
    );

  it('lists the four steps in order, all pending at first', async () => {
    const steps = await listSteps();
    expect(steps.map((step) => step.id)).toEqual(ONBOARDING_STEPS.map((step) => step.id));
    expect(steps.every((step) => step.status === 'pending' && step.completedAt === null)).toBe(
      true,
    );
  });

  it('completes a step, idempotently, keeping the first completion time', async () => {
    const first = await complete(s.adaId, 'connect-my-crm');
    expect(first.statusCode).toBe(200);
    const step = first.json<{ data: OnboardingStep }>().data;
    expect(step).toMatchObject({
      id: 'connect-my-crm',
      status: 'completed',
      title: 'Connect my CRM',
    });
    expect(Date.parse(step.completedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const again = await complete(s.adaId, 'connect-my-crm');
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: OnboardingStep }>().data.completedAt).toBe(step.completedAt);

    const steps = await listSteps();
    expect(steps.filter((s) => s.status === 'completed').map((s) => s.id)).toEqual([
      'connect-my-crm',
    ]);
  });

  it('rejects an unknown step with a 400 naming stepId', async () => {
    const response = await complete(s.adaId, 'become-astronaut');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'bad_request',
      errors: [{ path: 'params.stepId' }],
    });
  });

  it('rejects any status but completed, and reports params and body problems together', async () => {
    const wrongStatus = await complete(s.adaId, 'meet-an-expert', { status: 'pending' });
    expect(wrongStatus.statusCode).toBe(400);
    expect(wrongStatus.json()).toMatchObject({ errors: [{ path: 'body.status' }] });

    const everything = await complete(s.adaId, 'nope', { status: 'done', extra: true });
    const paths = everything
      .json<{ errors: { path: string }[] }>()
      .errors.map((error) => error.path);
    expect(paths.sort()).toEqual(['body.extra', 'body.status', 'params.stepId']);
    expect((await listSteps()).find((s) => s.id === 'meet-an-expert')?.status).toBe('pending');
  });

  it('answers 404 for another user id and for ids that do not exist', async () => {
    const other = await testUser(s.t, 'bob@steps.example');
    const bobMe = await s.t.app.inject(asUser(other, { method: 'GET', url: `${base}/users/me` }));
    const bobId = bobMe.json<{ data: Profile }>().data.id;
    for (const userId of [bobId, '00000000-0000-4000-8000-000000000000', 'me']) {
      const response = await complete(userId, 'meet-an-expert');
      expect(response.statusCode, userId).toBe(404);
      expect(response.json()).toMatchObject({ error: 'not_found' });
    }
    const bobSteps = await s.t.app.inject(
      asUser(other, { method: 'GET', url: `${base}/users/me/onboarding-steps` }),
    );
    expect(
      bobSteps.json<{ data: OnboardingStep[] }>().data.every((step) => step.status === 'pending'),
    ).toBe(true);
  });

  describe('"Complete my profile" completes by itself', () => {
    const profileStepOf = async (user: TestUser) => {
      const response = await s.t.app.inject(
        asUser(user, { method: 'GET', url: `${base}/users/me/onboarding-steps` }),
      );
      return response
        .json<{ data: OnboardingStep[] }>()
        .data.find((step) => step.id === 'complete-profile')!;
    };
    const patchMe = async (user: TestUser, url: string, payload: object) => {
      const response = await s.t.app.inject(asUser(user, { method: 'PATCH', url, payload }));
      expect(response.statusCode, response.body).toBe(200);
    };

    it('once the name and the photo are both set, whichever is set last', async () => {
      // Provisioned with the email as the name: no name of the user's own yet.
      const cleo = await testUser(s.t, 'cleo@steps.example', { name: 'cleo@steps.example' });
      const photo = await uploadPng(s.t, cleo);
      await patchMe(cleo, `${base}/users/me`, { photo: photo.url });
      expect(await profileStepOf(cleo)).toMatchObject({ status: 'pending', completedAt: null });

      const before = Date.now();
      await patchMe(cleo, `${base}/users/me/profile`, { displayName: 'Cleo Patra' });
      const step = await profileStepOf(cleo);
      expect(step.status).toBe('completed');
      expect(Date.parse(step.completedAt!)).toBeGreaterThanOrEqual(before - 1000);

      // The only transition: removing the photo later leaves the step completed, at its time.
      await patchMe(cleo, `${base}/users/me`, { photo: null });
      expect(await profileStepOf(cleo)).toEqual(step);
    });

    it('not with a name alone, nor with a photo while the name is still the email', async () => {
      const dan = await testUser(s.t, 'dan@steps.example', { name: 'dan@steps.example' });
      await patchMe(dan, `${base}/users/me`, { displayName: 'Dan' });
      expect((await profileStepOf(dan)).status).toBe('pending');
      const photo = await uploadPng(s.t, dan);
      await patchMe(dan, `${base}/users/me`, {
        displayName: 'DAN@steps.example',
        photo: photo.url,
      });
      expect((await profileStepOf(dan)).status).toBe('pending');
      await patchMe(dan, `${base}/users/me`, { displayName: 'Dan' });
      expect((await profileStepOf(dan)).status).toBe('completed');
    });

    it('for a user whose identity provider gave a name and a picture from the start', async () => {
      const eda = await testUser(s.t, 'eda@steps.example', {
        name: 'Eda',
        picture: 'https://idp.example/eda.png',
      });
      const step = await profileStepOf(eda);
      expect(step.status).toBe('completed');
      // Recorded when first noticed: read again, the same time.
      expect(await profileStepOf(eda)).toEqual(step);
    });
  });
});
