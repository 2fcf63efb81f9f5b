import { EXPORT_URL_PARAMS, exportTicketSchema, LIVE_OPS_API } from '@revlane/contracts';
import { useApiClient, type ApiClient, useSingleFlightMutation } from '@/common/api';

/**
 * The query of an export: the view's list query without its page, the grouping when the view
 * is grouped (the file then holds the groups shown) and the cohort whose page it is (the
 * file is named after it); with `changes` and `since`, who entered or left it (ADR 0013).
 */
export type ExportQuery = Partial<
  Record<
    | 'search'
    | 'sortBy'
    | 'filters'
    | 'columns'
    | 'pivot'
    | 'pivot_identifier'
    | 'cohort'
    | 'changes'
    | 'since',
    string
  >
>;

/**
 * `POST {liveOps}/segments/{id}/export-tickets` (docs/architecture.md §4.5), then the export URL carrying
 * that single-use ticket as `token`, so the access token never travels in a URL, and, while
 * impersonating, `impersonate_user_id` (docs/product.md §7), since a download link sends no headers.
 */
export async function createExportUrl(
  client: ApiClient,
  segmentId: string,
  query: ExportQuery,
): Promise<string> {
  const data = await client.post<unknown>(LIVE_OPS_API.exportTickets(segmentId), query);
  const { ticket } = exportTicketSchema.parse(data);
  const base = (client.http.defaults.baseURL ?? '').replace(/\/$/, '');
  const search = new URLSearchParams({ ...query, [EXPORT_URL_PARAMS.token]: ticket });
  if (client.impersonatedUserId)
    search.set(EXPORT_URL_PARAMS.impersonatedUser, client.impersonatedUserId);
  return `${base}/${LIVE_OPS_API.export(segmentId)}?${search.toString()}`;
}

/** Asks for a ticket and hands the export URL to the browser, which downloads the file. */
export function useExportSegment(segmentId: string) {
  const client = useApiClient('liveOps');
  return useSingleFlightMutation({
    mutationFn: (query: ExportQuery) => createExportUrl(client, segmentId, query),
    onSuccess: (url) => window.location.assign(url),
  });
}
