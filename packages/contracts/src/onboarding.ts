import { z } from 'zod';

/** The four onboarding steps; their ids are also the home dialog routes (docs/product.md §2). */
export const ONBOARDING_STEPS = [
  {
    id: 'meet-an-expert',
    title: 'Meet an expert',
    description: 'Book a 30-minute session with a Revlane expert to plan your set-up.',
  },
  {
    id: 'connect-my-crm',
    title: 'Connect my CRM',
    description: 'Link Salesforce or HubSpot so segments know your accounts and contacts.',
  },
  {
    id: 'connect-my-data',
    title: 'Connect my data',
    description: 'Bring in product usage from a database, CSV files, Google Sheets or Redash.',
  },
  {
    id: 'complete-profile',
    title: 'Complete my profile',
    description: 'Add your name and photo so your team knows who set things up.',
  },
] as const;

export const onboardingStepIdSchema = z.enum(
  ONBOARDING_STEPS.map((step) => step.id) as [
    (typeof ONBOARDING_STEPS)[number]['id'],
    ...(typeof ONBOARDING_STEPS)[number]['id'][],
  ],
);
export type OnboardingStepId = z.infer<typeof onboardingStepIdSchema>;

export const onboardingStepStatusSchema = z.enum(['pending', 'completed']);

export const onboardingStepSchema = z.object({
  id: onboardingStepIdSchema,
  title: z.string(),
  description: z.string(),
  status: onboardingStepStatusSchema,
  completedAt: z.string().nullable(),
});
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

/** `PATCH {userId}/onboarding/steps/{stepId}`: the only transition is to completed (docs/product.md §4). */
export const completeOnboardingStepBodySchema = z.strictObject({ status: z.literal('completed') });

export const onboardingStepListSchema = z.array(onboardingStepSchema);

/**
 * Whether the user has a name of their own: an account whose display name is still its email
 * has none yet (docs/product.md §5, the terms dialog asks for one then).
 */
export function hasOwnName(user: { displayName: string; email: string }): boolean {
  const name = user.displayName.trim().toLowerCase();
  return name !== '' && name !== user.email.trim().toLowerCase();
}

/** "Complete my profile" completes once the user has a name of their own and a photo (docs/product.md §4). */
export function isProfileComplete(user: {
  displayName: string;
  email: string;
  photo: string | null;
}): boolean {
  return hasOwnName(user) && user.photo !== null;
}
