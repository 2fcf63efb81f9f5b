import { toApiError } from '@/common/api';

// `query.filters[2].value`, `query.filters[2].filters[0].value` (a group's condition).
const FILTER_PATH = /^(?:query\.)?filters\[(\d+)\]/;

/**
 * Which items of the view's filter list the server refused, each with the server's words: a
 * refused query is a 400 naming `query.filters[i]…` (docs/architecture.md §5.3). Anything
 * else refuses no filter.
 */
export function refusedFilters(error: unknown): Map<number, string> {
  const refused = new Map<number, string>();
  if (!error) return refused;
  const apiError = toApiError(error);
  if (apiError.status !== 400) return refused;
  for (const { path, message } of apiError.fieldErrors) {
    const index = FILTER_PATH.exec(path)?.[1];
    if (index === undefined || refused.has(Number(index))) continue;
    refused.set(Number(index), message);
  }
  return refused;
}
