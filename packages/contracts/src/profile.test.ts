import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX, updateProfileBodySchema, updateUserBodySchema } from './profile.js';
import { onboardingStepIdSchema, ONBOARDING_STEPS } from './onboarding.js';

describe('profile bodies', () => {
  it('requires a non-blank display name with the message of docs/product.md §5', () => {
    const result = updateProfileBodySchema.safeParse({ displayName: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Full name is required');
  });

  it('bounds the display name length and trims it', () => {
    expect(
      updateProfileBodySchema.safeParse({ displayName: 'x'.repeat(DISPLAY_NAME_MAX + 1) }).success,
    ).toBe(false);
    expect(updateProfileBodySchema.parse({ displayName: '  Ada Lovelace ' })).toEqual({
      displayName: 'Ada Lovelace',
    });
  });

  it('rejects unknown and empty changes', () => {
    expect(updateUserBodySchema.safeParse({}).success).toBe(false);
    expect(updateUserBodySchema.safeParse({ role: 'owner' }).success).toBe(false);
  });

  it('has the four onboarding steps of the home routes', () => {
    expect(ONBOARDING_STEPS.map((step) => step.id)).toEqual([
      'meet-an-expert',
      'connect-my-crm',
      'connect-my-data',
      'complete-profile',
    ]);
    expect(onboardingStepIdSchema.safeParse('meet-an-expert').success).toBe(true);
    expect(onboardingStepIdSchema.safeParse('other').success).toBe(false);
  });
});
