import { SCORE_SLUG_MAX, scoreColumnsOf, scoreSlugOf, type BaseTable } from '@revlane/contracts';
import type { OrgCatalogue } from '../../../warehouse/index.js';

/**
 * The slug of a new score (ADR 0034): its name's (`scoreSlugOf`), followed by `_2`, `_3`… when
 * the organization gave it to a score before (deleted ones too) or when one of its three
 * column names is already a column of the base table's catalogue (a mapped `score_fit`).
 */
export function uniqueScoreSlug(
  name: string,
  takenSlugs: readonly string[],
  catalogue: OrgCatalogue,
  table: BaseTable,
): string {
  const taken = new Set(takenSlugs);
  const isFree = (slug: string) =>
    !taken.has(slug) &&
    Object.values(scoreColumnsOf(slug)).every((column) => !catalogue.find(table, column));
  const base = scoreSlugOf(name);
  if (isFree(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const slug = `${base.slice(0, SCORE_SLUG_MAX - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (isFree(slug)) return slug;
  }
}
