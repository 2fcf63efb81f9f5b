import { z } from 'zod';
import { filterItemSchema } from './filters.js';
import { cellValueSchema } from './segment-data.js';

export const COHORT_NAME_MAX = 100;
/** Filters of one cohort; the data endpoint accepts the same list. */
export const COHORT_FILTERS_MAX = 20;

const cohortNameSchema = z
  .string()
  .trim()
  .min(1, 'A cohort needs a name')
  .max(COHORT_NAME_MAX, `At most ${COHORT_NAME_MAX} characters`);
/** A cohort's filters; a trend's unsaved filters take the same list. */
export const cohortFiltersSchema = z.array(filterItemSchema).max(COHORT_FILTERS_MAX);

/**
 * A cohort (docs/architecture.md §6): a named filter set inside a segment. `favorite` is the signed-in
 * user's own star. `members` and `snapshotAt` come from the latest membership snapshot
 * (null until the first snapshot ran; a cohort created after the first load is counted
 * before its create is answered). `historyPending`: its daily history is being back-filled
 * (created, or given new filters; ADR 0013), so its trend fills in soon.
 */
export const cohortSchema = z.object({
  id: z.string(),
  segmentId: z.string(),
  name: z.string(),
  filters: z.array(filterItemSchema),
  favorite: z.boolean(),
  members: z.number().int().min(0).nullable(),
  snapshotAt: z.string().nullable(),
  historyPending: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Cohort = z.infer<typeof cohortSchema>;

/** `GET segments/{segmentId}/cohorts`: favorites first, then by name. */
export const cohortListSchema = z.array(cohortSchema);

/** `POST segments/{segmentId}/cohorts`. Names are unique within a segment (409). */
export const createCohortBodySchema = z.strictObject({
  name: cohortNameSchema,
  filters: cohortFiltersSchema,
  favorite: z.boolean().optional(),
});
export type CreateCohortBody = z.infer<typeof createCohortBodySchema>;

/** `PATCH segments/{segmentId}/cohorts/{id}`: rename, new filters, star or unstar. */
export const updateCohortBodySchema = z
  .strictObject({
    name: cohortNameSchema.optional(),
    filters: cohortFiltersSchema.optional(),
    favorite: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateCohortBody = z.infer<typeof updateCohortBodySchema>;

/** Who changed something, as the history shows it (null: the user was deleted). */
export const changedBySchema = z
  .object({ id: z.string(), name: z.string().nullable(), email: z.string() })
  .nullable();

/**
 * One version of a cohort's definition (**beyond spec**): written on create and on every
 * change of its name or filters; `previous*` are null on the first version.
 */
export const cohortVersionSchema = z.object({
  version: z.number().int().min(1),
  changedAt: z.string(),
  changedBy: changedBySchema,
  previousName: z.string().nullable(),
  name: z.string(),
  previousFilters: z.array(filterItemSchema).nullable(),
  filters: z.array(filterItemSchema),
});
export type CohortVersion = z.infer<typeof cohortVersionSchema>;
/** `GET cohorts/{id}/versions`: newest first. */
export const cohortVersionListSchema = z.array(cohortVersionSchema);
/**
 * `GET segments/{id}/versions`: a segment's definition (name, base filter set) is versioned
 * exactly like a cohort's, so the history reads and renders alike.
 */
export const segmentVersionListSchema = cohortVersionListSchema;
export type SegmentVersion = CohortVersion;

/**
 * A cohort that other records depend on cannot be deleted (409); the error's `errors` name
 * each dependent (alerts, plays, activations) so the user knows what to change first.
 */
export const cohortDependentSchema = z.object({
  kind: z.enum(['alert', 'play', 'activation']),
  id: z.string(),
  name: z.string(),
});
export type CohortDependent = z.infer<typeof cohortDependentSchema>;

/** How a refused delete names a dependent in the error envelope: `kind:id`, and its name. */
export function toCohortDependentError(dependent: { kind: string; id: string; name: string }) {
  return { path: `${dependent.kind}:${dependent.id}`, message: dependent.name };
}

/** The dependent an error-envelope entry names, or null for any other entry. */
export function readCohortDependentError(entry: unknown): CohortDependent | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { path, message } = entry as { path?: unknown; message?: unknown };
  if (typeof path !== 'string' || typeof message !== 'string') return null;
  const separator = path.indexOf(':');
  const parsed = cohortDependentSchema.safeParse({
    kind: path.slice(0, separator),
    id: path.slice(separator + 1),
    name: message,
  });
  return separator > 0 && parsed.success ? parsed.data : null;
}

const isoInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** Who entered a cohort, or who left it. */
export const cohortChangeKindSchema = z.enum(['entered', 'left']);
export type CohortChangeKind = z.infer<typeof cohortChangeKindSchema>;

/**
 * `GET cohorts/{id}/changes?since=…&limit=…&page=…&change=…` (**beyond spec**): `limit`
 * records per page of each list, newest first; with `change`, only that list has rows (the
 * other keeps its total), so each list of the page is paged on its own (ADR 0013).
 */
export const cohortChangesQuerySchema = z.object({
  since: isoInstant,
  limit: z.coerce.number().int().min(1).max(500).default(100),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  change: cohortChangeKindSchema.optional(),
});
export type CohortChangesQuery = z.infer<typeof cohortChangesQuerySchema>;

/** A record that entered or left: when, and its key columns (id, name, email or domain). */
export const cohortChangeSchema = z.object({
  changedAt: z.string(),
  record: z.record(z.string(), cellValueSchema),
});
export const cohortChangesSchema = z.object({
  since: z.string(),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  entered: z.object({ total: z.number().int().min(0), rows: z.array(cohortChangeSchema) }),
  left: z.object({ total: z.number().int().min(0), rows: z.array(cohortChangeSchema) }),
});
export type CohortChanges = z.infer<typeof cohortChangesSchema>;

/**
 * `GET cohorts/favorites` (home dashboard, beyond spec): the user's starred cohorts across
 * segments with their segment's name and the last 30 days of member counts (oldest first;
 * null where no snapshot exists).
 */
export const favoriteCohortSchema = cohortSchema.extend({
  segmentName: z.string(),
  sparkline: z.array(z.number().nullable()),
});
export const favoriteCohortListSchema = z.array(favoriteCohortSchema);
export type FavoriteCohort = z.infer<typeof favoriteCohortSchema>;

/**
 * `GET cohorts/trends?days=30|90|180` (home's "Segment trends", ADR 0013): every cohort of the
 * organization that has snapshots in the range, in menu order, with its daily members over
 * the user's trend range (`sparkline`, oldest first, null where no snapshot exists).
 */
export const cohortTrendsQuerySchema = z.object({
  days: z.coerce
    .number()
    .pipe(z.union([z.literal(30), z.literal(90), z.literal(180)]))
    .default(30),
});
export const cohortTrendListSchema = favoriteCohortListSchema;

/** API paths of cohorts and trends in the live-operations service (docs/product.md §7). */
export const COHORTS_API = {
  segmentCohorts: (segmentId: string) => `segments/${segmentId}/cohorts`,
  segmentCohort: (segmentId: string, cohortId: string) =>
    `segments/${segmentId}/cohorts/${cohortId}`,
  cohort: (cohortId: string) => `cohorts/${cohortId}`,
  versions: (cohortId: string) => `cohorts/${cohortId}/versions`,
  changes: (cohortId: string) => `cohorts/${cohortId}/changes`,
  favorites: 'cohorts/favorites',
  trends: 'cohorts/trends',
  trend: (segmentId: string) => `segments/${segmentId}/trend`,
  rollingAverage: (segmentId: string) => `segments/${segmentId}/rolling-avg`,
} as const;
