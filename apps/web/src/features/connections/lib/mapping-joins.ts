import {
  joinedAttributeName,
  type FieldError,
  type JoinMatch,
  type MappingJoin,
  type Source,
} from '@revlane/contracts';

export type MatchKind = JoinMatch['kind'];

/**
 * A joined table as the editor holds it (ADR 0032): its attributes are the picked columns,
 * and `names` the segment column names the user typed, by column (a column without one takes
 * its default, `salesforce_industry`). `id`, `label` and `modifiedAt` are kept as the draft
 * had them: the editor does not ask for them.
 */
export interface JoinValues {
  sourceId?: string;
  table?: string;
  match?: { kind?: MatchKind; column?: string | null; primaryColumn?: string | null };
  attributes?: string[];
  names?: Record<string, string | undefined>;
  id?: string;
  label?: string;
  modifiedAt?: string;
}

/** What a joined table and the "Which wins" choices need of the entity they join. */
export interface JoinedEntityValues {
  sourceId?: string;
  attributes?: string[];
  joins?: JoinValues[];
  /** The source that wins each contested attribute (by segment column name). */
  winners?: Record<string, string | undefined>;
}

export type SourceTypeOf = (sourceId: string | undefined) => string;

/** The source type a default attribute name starts with; an unknown source's is `source`. */
export const sourceTypeLookup =
  (sources: readonly Source[]): SourceTypeOf =>
  (sourceId) =>
    sources.find((source) => source.id === sourceId)?.type ?? 'source';

/** A new joined table: accounts match by domain, users (contacts) by email. */
export const newJoin = (entity: 'accounts' | 'users'): JoinValues => ({
  match: { kind: entity === 'accounts' ? 'domain' : 'email' },
  attributes: [],
  names: {},
});

/** A saved join as the editor holds it. */
export function joinValuesOf(join: MappingJoin): JoinValues {
  const { attributes, ...rest } = join;
  const names: Record<string, string> = {};
  for (const attribute of attributes)
    if (typeof attribute !== 'string') names[attribute.column] = attribute.name;
  return {
    ...rest,
    attributes: attributes.map((attribute) =>
      typeof attribute === 'string' ? attribute : attribute.column,
    ),
    names,
  };
}

/** The first source of each saved precedence list: the one the editor shows winning. */
export const winnersOf = (precedence: Record<string, string[]> | undefined) =>
  Object.fromEntries(Object.entries(precedence ?? {}).map(([name, order]) => [name, order[0]]));

/** The segment column a joined attribute becomes: the user's name, else the default. */
export const attributeNameOf = (join: JoinValues, column: string, typeOf: SourceTypeOf) =>
  join.names?.[column] ?? joinedAttributeName(typeOf(join.sourceId), column);

/** A primary attribute keeps its column's warehouse name (ADR 0026): lower case, `_`. */
const primaryAttributeName = (column: string) =>
  column
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');

/**
 * Attributes two or more sources give under one segment column name, each with its sources
 * in the order that wins when the user says nothing: the primary, then the joins in order.
 */
export function contestedAttributes(values: JoinedEntityValues | undefined, typeOf: SourceTypeOf) {
  const givers = new Map<string, string[]>();
  const give = (name: string, sourceId: string | undefined) => {
    if (!name || !sourceId) return;
    const sourceIds = givers.get(name) ?? [];
    if (!sourceIds.includes(sourceId)) givers.set(name, [...sourceIds, sourceId]);
  };
  for (const column of values?.attributes ?? [])
    give(primaryAttributeName(column), values?.sourceId);
  for (const join of values?.joins ?? [])
    for (const column of join?.attributes ?? [])
      give(attributeNameOf(join, column, typeOf), join.sourceId);
  return [...givers]
    .filter(([, sourceIds]) => sourceIds.length > 1)
    .map(([name, sourceIds]) => ({ name, sourceIds }));
}

const joinBody = (join: JoinValues) => {
  const { sourceId, table, match, attributes, names, ...kept } = join;
  return {
    sourceId: sourceId ?? '',
    table: table ?? '',
    match: {
      kind: match?.kind,
      column: match?.column ?? '',
      ...(match?.primaryColumn ? { primaryColumn: match.primaryColumn } : {}),
    },
    // A renamed attribute (even to an empty name, which the schema refuses) goes as
    // `{ column, name }`; the others as the column alone.
    attributes: (attributes ?? []).map((column) => {
      const name = names?.[column];
      return name === undefined ? column : { column, name };
    }),
    ...Object.fromEntries(Object.entries(kept).filter(([, value]) => value)),
  };
};

/**
 * The `joins` and `precedence` of an entity's body, each left out when empty so a one-table
 * mapping's body stays as it was. Precedence is sent for contested attributes only: the
 * chosen source first, then the others in their default order.
 */
export function joinsPart(values: JoinedEntityValues | undefined, typeOf: SourceTypeOf) {
  const joins = (values?.joins ?? []).map((join) => joinBody(join ?? {}));
  const precedence = Object.fromEntries(
    contestedAttributes(values, typeOf).flatMap(({ name, sourceIds }) => {
      const winner = values?.winners?.[name];
      if (!winner || !sourceIds.includes(winner)) return [];
      return [[name, [winner, ...sourceIds.filter((sourceId) => sourceId !== winner)]]];
    }),
  );
  return {
    ...(joins.length > 0 ? { joins } : {}),
    ...(Object.keys(precedence).length > 0 ? { precedence } : {}),
  };
}

/** A match by a column pair names both columns (the contract leaves `primaryColumn` open). */
export function joinIssues(entity: 'accounts' | 'users', values: JoinedEntityValues | undefined) {
  const issues: FieldError[] = [];
  (values?.joins ?? []).forEach((join, index) => {
    if (join?.match?.kind === 'column' && !join.match.primaryColumn)
      issues.push({ path: `${entity}.joins.${index}.match.primaryColumn`, message: 'Required' });
  });
  return issues;
}
