import type { Mapping, MappingRun } from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { mappingQuery } from '@/common/queries';

/** How often the run is read again while it is queued or running. */
export const PUBLISH_RUN_POLL_MS = 3000;

const isActive = (run: MappingRun | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

const selectLatestRun = (mapping: Mapping) => mapping.latestRun;

/**
 * The mapping's latest publish run: is the data about to change? Read from the connections
 * feature's one mapping query (`GET {composer}/mapping`, `common/queries`).
 */
export function usePublishRun() {
  return useQuery({
    ...mappingQuery.options(useApiClient(mappingQuery.service)),
    select: selectLatestRun,
    // Polled only while a publish runs (docs/product.md §4: polling only where a read needs it).
    refetchInterval: (query) =>
      isActive(query.state.data?.latestRun) ? PUBLISH_RUN_POLL_MS : false,
  });
}

export { isActive as isPublishRunActive };
