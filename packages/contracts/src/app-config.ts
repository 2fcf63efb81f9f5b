import { z } from 'zod';

/** Base URLs of the six backend services (docs/product.md §1); one origin by default. */
export const serviceUrlsSchema = z.object({
  main: z.string(),
  user: z.string(),
  composer: z.string(),
  liveOps: z.string(),
  content: z.string(),
  transfer: z.string(),
});
export type ServiceUrls = z.infer<typeof serviceUrlsSchema>;

/** `GET /config.json`: the SPA's runtime configuration, so one build runs anywhere. */
export const appConfigSchema = z.object({
  services: serviceUrlsSchema,
  auth: z.object({
    domain: z.string(),
    clientId: z.string(),
    audience: z.string(),
    embedded: z.boolean(),
  }),
  idle: z.object({ timeoutMinutes: z.number().positive(), promptMinutes: z.number().positive() }),
  featureFlags: z.object({ edit_play_schedule: z.boolean() }),
  scheduling: z.object({ url: z.string(), eventType: z.literal('demo') }),
  googleServiceAccountEmail: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export type FeatureFlags = AppConfig['featureFlags'];
export type FeatureFlagName = keyof FeatureFlags;
/** Every flag is off unless `FEATURE_FLAGS` names it (docs/architecture.md §3.3). */
export const FEATURE_FLAG_DEFAULTS: FeatureFlags = { edit_play_schedule: false };
export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlagName[];
