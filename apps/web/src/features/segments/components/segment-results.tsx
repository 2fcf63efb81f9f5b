import { DEFAULT_PER_PAGE, type SegmentDetail, type SortInfo } from '@revlane/contracts';
import { Skeleton } from 'antd';
import { useEffect } from 'react';
import { toApiError } from '@/common/api';
import { useSegmentData } from '../api/get-segment-data';
import { useSegmentGroups } from '../api/get-segment-groups';
import { openGroupView } from '../lib/group-drill-down';
import { toDataQuery, type SegmentView } from '../lib/list-query';
import { DataErrorState, NoMatchesState, PreparingState } from './data-states';
import { SegmentGroupsTable } from './table/segment-groups-table';
import { SegmentTable, type TablePaging } from './table/segment-table';

interface SegmentResultsProps {
  segment: SegmentDetail;
  view: SegmentView;
  grouping: { pivot: string; pivotIdentifier: string | null } | null;
  onViewChange: (changes: Partial<SegmentView>) => void;
  onClearFilters: () => void;
}

/** The records (or groups) of the view, with loading, preparing, empty and error states. */
export function SegmentResults({
  segment,
  view,
  grouping,
  onViewChange,
  onClearFilters,
}: SegmentResultsProps) {
  const isReady = segment.status === 'ready';
  const query = toDataQuery(view);
  const groupQuery = grouping
    ? {
        ...query,
        pivot: grouping.pivot,
        ...(grouping.pivotIdentifier ? { pivot_identifier: grouping.pivotIdentifier } : {}),
      }
    : query;
  const rows = useSegmentData(segment.id, query, isReady && !grouping);
  const groups = useSegmentGroups(segment.id, groupQuery, isReady && grouping !== null);
  const active = grouping ? groups : rows;
  // A page past the end (a stale link, `?page=99999`) moves to the last page instead of
  // showing "no data" under a footer that counts records.
  const loaded = active.data?.status === 'ready' ? active.data.page : null;
  const lastPage = loaded ? Math.max(1, Math.ceil(loaded.total / loaded.perPage)) : null;
  const isPastTheEnd = lastPage !== null && view.page > lastPage;
  useEffect(() => {
    if (isPastTheEnd) onViewChange({ page: lastPage });
  }, [isPastTheEnd, lastPage, onViewChange]);
  // A view the server refuses (a column or sort that no longer exists) cannot be retried:
  // starting from the segment's own settings can.
  const resetView = () =>
    onViewChange({
      search: undefined,
      sortBy: undefined,
      filters: undefined,
      columns: undefined,
      groupBy: undefined,
      perPage: DEFAULT_PER_PAGE,
    });

  if (!isReady || active.data?.status === 'preparing') {
    return <PreparingState onCheckAgain={() => void active.refetch()} />;
  }
  if (active.isError && !active.data) {
    const isRefused = toApiError(active.error).status === 400;
    return (
      <DataErrorState
        message={active.error.message}
        onRetry={isRefused ? undefined : () => void active.refetch()}
        onReset={isRefused ? resetView : undefined}
      />
    );
  }
  if (!active.data || isPastTheEnd)
    return <Skeleton active paragraph={{ rows: 8 }} title={false} />;

  const paging = (total: number): TablePaging => ({
    page: view.page,
    perPage: view.perPage,
    total,
    onChange: (page, perPage) =>
      onViewChange(perPage === view.perPage ? { page } : { page: 1, perPage }),
  });
  if (grouping && groups.data?.status === 'ready') {
    const page = groups.data.page;
    if (page.total === 0) return <NoMatchesState onClear={onClearFilters} />;
    return (
      <SegmentGroupsTable
        page={page}
        paging={paging(page.total)}
        isFetching={groups.isFetching}
        onOpenGroup={(group) => onViewChange(openGroupView(view.filters ?? [], page, group))}
      />
    );
  }
  if (rows.data?.status !== 'ready') return null;
  const page = rows.data.page;
  if (page.total === 0) return <NoMatchesState onClear={onClearFilters} />;
  const sort: SortInfo | undefined = view.sortBy?.[0] ?? segment.sorting[0];
  return (
    <>
      {rows.isError && (
        <DataErrorState message={rows.error.message} onRetry={() => void rows.refetch()} />
      )}
      <SegmentTable
        baseTable={segment.baseTable}
        columns={page.columns}
        rows={page.rows}
        sort={sort}
        onSortChange={(next) => onViewChange({ sortBy: next ? [next] : [] })}
        paging={paging(page.total)}
        isFetching={rows.isFetching}
      />
    </>
  );
}
