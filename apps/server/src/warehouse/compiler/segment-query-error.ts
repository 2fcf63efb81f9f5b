/** One problem with a segment query, addressed like the request it came from. */
export interface QueryIssue {
  /** `filters[0].operator`, `columns[2]`, `sortBy[1]`, `pivot`, `page`, … */
  path: string;
  message: string;
}

/**
 * A segment query that cannot run as asked: an unknown field, an operator that does not
 * apply to the column's data type, a value of the wrong shape. Carries every problem found;
 * the route layer answers it with a 400 whose `errors` are these issues (docs/architecture.md §7).
 */
export class SegmentQueryError extends Error {
  readonly issues: readonly QueryIssue[];

  constructor(issues: readonly QueryIssue[]) {
    super(issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '));
    this.name = 'SegmentQueryError';
    this.issues = issues;
  }
}

export function isSegmentQueryError(error: unknown): error is SegmentQueryError {
  return error instanceof SegmentQueryError;
}

/** Gathers issues while a query is resolved, so one answer names every bad part. */
export class IssueList {
  readonly issues: QueryIssue[] = [];

  add(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  throwIfAny(): void {
    if (this.issues.length > 0) throw new SegmentQueryError(this.issues);
  }
}
