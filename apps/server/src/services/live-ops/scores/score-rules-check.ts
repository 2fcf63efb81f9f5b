import {
  flattenFilters,
  scoreColumnsOf,
  type BaseTable,
  type FieldError,
  type ScoreFitRule,
} from '@revlane/contracts';
import { validateFilters, type OrgCatalogue } from '../../../warehouse/index.js';

/**
 * Checks a score's fit rules with the segment compiler's own filter checks against the
 * organization's catalogue of the base table (ADR 0026), like a cohort's filters, addressed
 * like the request body (`body.fit[0].filters[1].field`). A fit rule may not read a score's
 * own columns (`score_<slug>`…): scores are computed side by side, none from another.
 * Behaviour rules name events, which need not have happened yet.
 */
export function checkFitRules(
  catalogue: OrgCatalogue,
  table: BaseTable,
  fit: readonly ScoreFitRule[],
  scoreSlugs: readonly string[],
): FieldError[] {
  const scoreColumns = new Set(scoreSlugs.flatMap((slug) => Object.values(scoreColumnsOf(slug))));
  return fit.flatMap((rule, index) => {
    const issues = validateFilters(catalogue, table, rule.filters).map((issue) => ({
      path: `body.fit[${index}].${issue.path}`,
      message: issue.message,
    }));
    const usesScore = flattenFilters(rule.filters).find((filter) => scoreColumns.has(filter.field));
    if (usesScore)
      issues.push({
        path: `body.fit[${index}].filters`,
        message: `A fit rule cannot use a score's column (${usesScore.field})`,
      });
    return issues;
  });
}
