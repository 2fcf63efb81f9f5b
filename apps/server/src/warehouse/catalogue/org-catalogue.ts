import type { BaseTable, SegmentColumn } from '@revlane/contracts';
import type { TableSchema } from '../engine/table-schema.js';
import { ACCOUNTS_TABLE, USERS_TABLE } from '../model/canonical-tables.js';
import { ACCOUNT_METRICS_TABLE, USER_METRICS_TABLE } from '../model/metric-tables.js';
import { SCORE_SOURCES } from '../model/score-tables.js';
import { scoreCatalogueColumns, scoreTableSchema } from '../scores/score-columns.js';
import type { ScoreDefinition } from '../scores/score-definition.js';
import { ACCOUNT_COLUMNS, accountColumnOfUsers } from './account-columns.js';
import { toSegmentColumn, type CatalogueColumn, type SourceTable } from './catalogue-column.js';
import { customCatalogueColumn, type CustomColumn } from './custom-columns.js';
import { USER_COLUMNS } from './user-columns.js';

/**
 * The column catalogue of ONE organization (docs/architecture.md §5.2, ADR 0026): the built-in
 * columns, then the custom attributes its published mapping recorded with its load. Every
 * consumer (the compiler, the wide segment and as-of tables, the columns route, exports)
 * takes the organization's catalogue, so a custom column is shown, filtered, sorted and
 * grouped like a built-in one, and never seen by another organization. Its scores (ADR 0034)
 * add three computed columns each to their base table, after every other column.
 */
export class OrgCatalogue {
  private readonly columnsByTable: Record<BaseTable, readonly CatalogueColumn[]>;
  private readonly byName: Record<BaseTable, ReadonlyMap<string, CatalogueColumn>>;

  /** The scores whose columns the catalogue has (a name taken by another column: none). */
  readonly scores: readonly ScoreDefinition[];

  /**
   * `dataOptions`: values a mapped source holds in a built-in enum column beyond its own
   * options (a plan `growth`), recorded with the load: they are options too, shown as the
   * source writes them, so they can be picked and filtered. `scores`: the organization's
   * score definitions the load computed (ADR 0034).
   */
  constructor(
    readonly custom: readonly CustomColumn[] = [],
    readonly dataOptions: DataOptions = {},
    scores: readonly ScoreDefinition[] = [],
  ) {
    const own = (table: BaseTable) =>
      custom.filter((column) => column.table === table).map(customCatalogueColumn);
    // A user's `account_plan` offers what the account's `plan` holds.
    const extra = (table: BaseTable, name: string) =>
      dataOptions[table]?.[name] ??
      (table === 'users' && name.startsWith('account_')
        ? dataOptions.accounts?.[name.slice('account_'.length)]
        : undefined);
    const builtIn = (table: BaseTable, columns: readonly CatalogueColumn[]) =>
      columns.map((column) => withDataOptions(column, extra(table, column.name)));
    const accounts = [...builtIn('accounts', ACCOUNT_COLUMNS), ...own('accounts')];
    // A user's account columns include the account's custom attributes (`account_<name>`).
    const users = [
      ...builtIn('users', USER_COLUMNS),
      ...own('users'),
      ...accounts.slice(ACCOUNT_COLUMNS.length).map(accountColumnOfUsers),
    ];
    // Scores come last, on their base table only; one whose column names another column
    // already has (a custom attribute `score_x`) is left out whole.
    const kept: ScoreDefinition[] = [];
    const scored = { accounts, users };
    for (const score of scores) {
      const list = scored[score.baseTable];
      const columns = scoreCatalogueColumns(score);
      if (columns.some((column) => list.some((other) => other.name === column.name))) continue;
      list.push(...columns);
      kept.push(score);
    }
    this.scores = kept;
    this.columnsByTable = scored;
    this.byName = {
      accounts: new Map(this.columnsByTable.accounts.map((column) => [column.name, column])),
      users: new Map(this.columnsByTable.users.map((column) => [column.name, column])),
    };
  }

  /** Every column of a base table, in default display order (the compiler's entries). */
  columns(table: BaseTable): readonly CatalogueColumn[] {
    return this.columnsByTable[table];
  }

  /** What `GET segments/tables/{table}/columns` answers. */
  segmentColumns(table: BaseTable): SegmentColumn[] {
    return this.columnsByTable[table].map(toSegmentColumn);
  }

  /** A column by name; a name like `__proto__` is simply unknown. */
  find(table: BaseTable, name: string): CatalogueColumn | undefined {
    return this.byName[table].get(name);
  }

  /** The schema of a canonical table: built-in columns, then its custom attributes. */
  canonicalSchema(table: BaseTable): TableSchema {
    const base = table === 'accounts' ? ACCOUNTS_TABLE : USERS_TABLE;
    const custom = this.custom
      .filter((column) => column.table === table)
      .map((column) => ({ name: column.name, type: column.type }));
    return { ...base, columns: [...base.columns, ...custom] };
  }

  /** The schema of each table a segment table reads, custom attributes included. */
  sourceSchema(source: SourceTable): TableSchema {
    if (source === 'accounts' || source === 'users') return this.canonicalSchema(source);
    if (source === SCORE_SOURCES.accounts) return scoreTableSchema('accounts', this.scores);
    if (source === SCORE_SOURCES.users) return scoreTableSchema('users', this.scores);
    return source === 'account_metrics' ? ACCOUNT_METRICS_TABLE : USER_METRICS_TABLE;
  }

  /** The scores of a base table, in definition order. */
  scoresOf(table: BaseTable): ScoreDefinition[] {
    return this.scores.filter((score) => score.baseTable === table);
  }

  /** The same catalogue with these scores' columns instead (a build: the current definitions). */
  withScores(scores: readonly ScoreDefinition[]): OrgCatalogue {
    return new OrgCatalogue(this.custom, this.dataOptions, scores);
  }

  /** The columns a score's fit rules may read: every column but the scores' own. */
  withoutScores(): OrgCatalogue {
    return this.scores.length === 0 ? this : this.withScores([]);
  }
}

/** Per base table, per built-in enum column: the values beyond its options in the data. */
export type DataOptions = Partial<Record<BaseTable, Record<string, string[]>>>;

function withDataOptions(column: CatalogueColumn, extra: readonly string[] | undefined) {
  if (!extra?.length || !column.options) return column;
  const added = extra.filter((option) => !column.options!.includes(option));
  return {
    ...column,
    options: [...column.options, ...added],
    optionLabels: {
      ...column.optionLabels,
      ...Object.fromEntries(added.map((option) => [option, option])),
    },
  };
}

/** The catalogue of an organization without custom attributes (and of the demo data). */
export const BUILT_IN_CATALOGUE = new OrgCatalogue();
