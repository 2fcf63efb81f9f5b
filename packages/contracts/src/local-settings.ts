import { z } from 'zod';

/**
 * Settings kept in the browser only (docs/product.md §3), stored as one JSON value under
 * `LOCAL_SETTINGS_KEY`. Every field has a default so an old or damaged value still loads.
 */
export const localSettingsSchema = z.object({
  navSettings: z
    .object({ miniSidebarNav: z.boolean().catch(false) })
    .catch({ miniSidebarNav: false })
    .default({ miniSidebarNav: false }),
  selectedPlay: z.string().nullable().catch(null).default(null),
  selectedUser: z.string().nullable().catch(null).default(null),
  /** Per segment id, the URL query of the last view of its table (docs/product.md §3). */
  segmentViews: z.record(z.string(), z.string()).catch({}).default({}),
});
export type LocalSettings = z.infer<typeof localSettingsSchema>;

export const DEFAULT_LOCAL_SETTINGS: LocalSettings = {
  navSettings: { miniSidebarNav: false },
  selectedPlay: null,
  selectedUser: null,
  segmentViews: {},
};
