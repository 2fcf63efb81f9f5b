import { z } from 'zod';
import { runSchema } from './sources.js';

/**
 * A mapping (composer service, docs/architecture.md §5.1): which landed table of which source
 * holds the organization's accounts, users (contacts) and events, and which of its columns
 * mean what. Column names are the source's own, as discovery lists them.
 */
const name = z.string().trim().min(1, 'Required').max(255);
const optionalColumn = name.optional();
const attributes = z.array(name).max(50).default([]);
const tableRef = { sourceId: z.string().trim().min(1, 'Required').max(100), table: name };

export const accountsMappingSchema = z.strictObject({
  ...tableRef,
  columns: z.strictObject({ id: name, name: optionalColumn, domain: optionalColumn }),
  attributes,
});
export const usersMappingSchema = z.strictObject({
  ...tableRef,
  /** Without `accountId` users are matched to accounts by their email's domain. */
  columns: z.strictObject({
    id: name,
    email: optionalColumn,
    name: optionalColumn,
    accountId: optionalColumn,
  }),
  attributes,
});
export const eventsMappingSchema = z.strictObject({
  ...tableRef,
  columns: z.strictObject({ userId: name, name, occurredAt: name }),
});

/** `PUT mapping` (the draft) and what a version holds. `events` is optional. */
export const mappingBodySchema = z.strictObject({
  accounts: accountsMappingSchema,
  users: usersMappingSchema,
  events: eventsMappingSchema.optional(),
});
export type MappingBody = z.infer<typeof mappingBodySchema>;
export type MappedEntity = 'accounts' | 'users' | 'events';

export const mappingVersionSchema = z.object({
  version: z.number().int(),
  mapping: mappingBodySchema,
  publishedBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  publishedAt: z.string(),
});
export type MappingVersion = z.infer<typeof mappingVersionSchema>;

/** A publish run: the shape of a sync run (status, rows, times, error) and its version. */
export const mappingRunSchema = runSchema.extend({ version: z.number().int() });
export type MappingRun = z.infer<typeof mappingRunSchema>;

/**
 * `GET mapping`: the draft being edited, the version segments run on, and the latest publish
 * run (segment pages say so while one is queued or running).
 */
export const mappingSchema = z.object({
  draft: mappingBodySchema.nullable(),
  draftUpdatedAt: z.string().nullable(),
  published: mappingVersionSchema.nullable(),
  latestRun: mappingRunSchema.nullable(),
});
export type Mapping = z.infer<typeof mappingSchema>;

const previewRows = z.array(z.record(z.string(), z.unknown()));
const entityStats = {
  /** The first rows as they would be published (canonical names). */
  rows: previewRows,
  total: z.number().int(),
  /** Ids that appear more than once (each published once, its first row kept). */
  duplicateIds: z.number().int(),
};
/** `POST mapping/preview` (body: a mapping, or none for the saved draft). */
export const mappingPreviewSchema = z.object({
  accounts: z.object(entityStats),
  users: z.object({
    ...entityStats,
    matchedToAccount: z.number().int(),
    matchedPercent: z.number(),
    /** How users were matched: by the mapped account id column, or by email domain. */
    matchedBy: z.enum(['account_id', 'email_domain', 'none']),
    unmatchedSample: previewRows,
  }),
  events: z
    .object({
      rows: previewRows,
      total: z.number().int(),
      matchedToUser: z.number().int(),
      matchedPercent: z.number(),
      unmatchedSample: previewRows,
    })
    .nullable(),
});
export type MappingPreview = z.infer<typeof mappingPreviewSchema>;

/** Composer paths of the mapping, relative to its base URL. */
export const MAPPING_API = {
  mapping: 'mapping',
  preview: 'mapping/preview',
  publish: 'mapping/publish',
  versions: 'mapping/versions',
  run: (id: string) => `mapping/runs/${id}`,
} as const;
