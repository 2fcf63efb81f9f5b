import { scoreColumnsOf, type BaseTable } from '@revlane/contracts';
import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { TableSchema } from '../engine/table-schema.js';
import { SCORE_SOURCES } from '../model/score-tables.js';
import { gradesInForce, type ScoreDefinition } from './score-definition.js';

/**
 * The three catalogue columns of a score (ADR 0034), on its base table only: the score
 * (0–100, averaged in groups), its grade (an option per grade, highest first) and its
 * reasons (the largest contributions in words). Computed with the derived tables, so they
 * filter, sort, group and export like any column.
 */
export function scoreCatalogueColumns(score: ScoreDefinition): CatalogueColumn[] {
  const names = scoreColumnsOf(score.slug);
  const source = SCORE_SOURCES[score.baseTable];
  const grades = gradesInForce(score.grades).map((grade) => grade.label);
  return [
    {
      name: names.score,
      label: score.name,
      dataType: 'numeric',
      unit: 'score',
      description: `The “${score.name}” score, 0–100: its fit and behaviour points over the most it can give.`,
      groupable: false,
      computed: true,
      source,
      sourceColumn: names.score,
    },
    {
      name: names.grade,
      label: `${score.name} grade`,
      dataType: 'enum',
      options: grades,
      optionLabels: Object.fromEntries(grades.map((grade) => [grade, grade])),
      description: `The grade of the “${score.name}” score.`,
      groupable: true,
      computed: true,
      source,
      sourceColumn: names.grade,
    },
    {
      name: names.reasons,
      label: `${score.name} reasons`,
      dataType: 'string',
      description: `What counts most in the “${score.name}” score, largest first.`,
      groupable: false,
      computed: true,
      source,
      sourceColumn: names.reasons,
    },
  ];
}

/** The score table of a base table: the record's id and its scores' three columns each. */
export function scoreTableSchema(
  table: BaseTable,
  scores: readonly ScoreDefinition[],
  name: string = SCORE_SOURCES[table],
): TableSchema {
  return {
    name,
    columns: [
      { name: 'id', type: 'text' },
      ...scores
        .filter((score) => score.baseTable === table)
        .flatMap((score) => {
          const names = scoreColumnsOf(score.slug);
          return [
            { name: names.score, type: 'integer' as const },
            { name: names.grade, type: 'text' as const },
            { name: names.reasons, type: 'text' as const },
          ];
        }),
    ],
  };
}
