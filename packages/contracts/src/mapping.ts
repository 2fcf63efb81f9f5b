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

/** A segment column name a user gives a joined attribute: lower case, digits and `_`. */
const attributeName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Use lower case letters, digits and _ (starting with a letter)');

/**
 * How a joined table's rows match the primary's (ADR 0032): by normalised domain (the
 * primary's `domain` column unless `primaryColumn` names another), by email (lower case,
 * trimmed; the primary's `email` column unless `primaryColumn`), or by a chosen column pair.
 */
export const joinMatchSchema = z.strictObject({
  kind: z.enum(['domain', 'email', 'column']),
  column: name,
  primaryColumn: optionalColumn,
});
export type JoinMatch = z.infer<typeof joinMatchSchema>;

/** A joined attribute: the source column, or it under a name of the user's. */
export const joinAttributeSchema = z.union([
  name,
  z.strictObject({ column: name, name: attributeName }),
]);
export type JoinAttribute = z.infer<typeof joinAttributeSchema>;

/**
 * A table joined to an entity's primary table (ADR 0032). Its attributes become columns named
 * after the source (`salesforce_industry`) unless named; `id`, `label` (the record's name for
 * CRM-only records) and `modifiedAt` (which of several matches wins) default to the columns
 * the source is known to have (`Id`, `Name`, `LastModifiedDate`, …).
 */
export const mappingJoinSchema = z.strictObject({
  ...tableRef,
  match: joinMatchSchema,
  attributes: z.array(joinAttributeSchema).max(50).default([]),
  id: optionalColumn,
  label: optionalColumn,
  modifiedAt: optionalColumn,
});
export type MappingJoin = z.infer<typeof mappingJoinSchema>;
export const MAPPING_JOINS_MAX = 5;
const joins = z
  .array(mappingJoinSchema)
  .max(MAPPING_JOINS_MAX, 'At most 5 joined tables')
  .optional();
/**
 * Which source wins an attribute several sources give, per attribute (its segment column
 * name): source ids in order, the first with a value winning. Unlisted: the primary first,
 * then the joins in order.
 */
const precedence = z.record(z.string(), z.array(z.string()).min(1)).optional();

export const accountsMappingSchema = z.strictObject({
  ...tableRef,
  columns: z.strictObject({ id: name, name: optionalColumn, domain: optionalColumn }),
  attributes,
  joins,
  precedence,
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
  joins,
  precedence,
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
/**
 * How one joined table matched (ADR 0032): "1,874 of 2,000 product accounts matched a
 * Salesforce account by domain; 126 product only; 311 CRM only".
 */
const joinPreview = z.object({
  sourceId: z.string(),
  table: z.string(),
  /** The source's name as users know it ("Salesforce"), and the record word ("account"). */
  sourceLabel: z.string(),
  matchKind: z.enum(['domain', 'email', 'column']),
  primaryTotal: z.number().int(),
  joinedTotal: z.number().int(),
  /** Primary records with a match. */
  matched: z.number().int(),
  primaryOnly: z.number().int(),
  /** Joined records matching no primary record: published as records of their own. */
  joinedOnly: z.number().int(),
  /** Match keys several joined records share, and the rule that picks one. */
  ambiguous: z.number().int(),
  ambiguousRule: z.string(),
  summary: z.string(),
  primaryOnlySample: previewRows,
  joinedOnlySample: previewRows,
  ambiguousSample: previewRows,
});
export type MappingJoinPreview = z.infer<typeof joinPreview>;

/** `POST mapping/preview` (body: a mapping, or none for the saved draft). */
export const mappingPreviewSchema = z.object({
  accounts: z.object({ ...entityStats, joins: z.array(joinPreview).default([]) }),
  users: z.object({
    ...entityStats,
    matchedToAccount: z.number().int(),
    matchedPercent: z.number(),
    /** How users were matched: by the mapped account id column, or by email domain. */
    matchedBy: z.enum(['account_id', 'email_domain', 'none']),
    unmatchedSample: previewRows,
    joins: z.array(joinPreview).default([]),
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
