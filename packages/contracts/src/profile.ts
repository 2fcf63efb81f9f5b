import { z } from 'zod';

export const DISPLAY_NAME_MAX = 100;

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'Full name is required')
  .max(DISPLAY_NAME_MAX, `Full name must be at most ${DISPLAY_NAME_MAX} characters`);

export const userRoleSchema = z.enum(['owner', 'admin', 'member', 'support']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const personRefSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
});

/** What `GET users/me` answers (docs/product.md §3 Profile). */
export const profileSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  role: userRoleSchema,
  organization: z.object({ id: z.string(), name: z.string() }),
  app: z.object({
    termsOfService: z.object({ accepted: z.boolean() }),
  }),
  impersonatedBy: personRefSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `PATCH users/me/profile`: the profile update takes a name (docs/product.md §7). */
export const updateProfileBodySchema = z.strictObject({ displayName: displayNameSchema });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** `PATCH users/me`: changes to the user record itself. */
export const updateUserBodySchema = z
  .strictObject({
    displayName: displayNameSchema.optional(),
    photo: z.string().max(2048).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change' });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const trendRangeDaysSchema = z.union([z.literal(30), z.literal(90), z.literal(180)]);

/** Per-user settings of the home dashboard. */
export const dashboardSettingsSchema = z.strictObject({
  trendRangeDays: trendRangeDaysSchema,
  showRecentAlerts: z.boolean(),
  showPlayActivity: z.boolean(),
});
export type DashboardSettings = z.infer<typeof dashboardSettingsSchema>;
export const DEFAULT_DASHBOARD_SETTINGS: DashboardSettings = {
  trendRangeDays: 30,
  showRecentAlerts: true,
  showPlayActivity: true,
};
export const updateDashboardBodySchema = dashboardSettingsSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change' });

export const slackChannelSchema = z.object({ id: z.string(), name: z.string() });
export type SlackChannel = z.infer<typeof slackChannelSchema>;

/** `GET/PATCH users/me/notifications/slack`: the channel the user's alerts go to (docs/product.md §7). */
export const slackNotificationSettingsSchema = z.strictObject({
  channelId: z.string().min(1).nullable(),
});
export type SlackNotificationSettings = z.infer<typeof slackNotificationSettingsSchema>;
export const slackChannelListSchema = z.array(slackChannelSchema);

/** `POST users/me/notifications/slack/test`: the channel the test message was posted to. */
export const slackTestResultSchema = z.object({ channelId: z.string(), sent: z.boolean() });
export type SlackTestResult = z.infer<typeof slackTestResultSchema>;
