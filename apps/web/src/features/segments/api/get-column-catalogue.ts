import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { columnCatalogueQuery } from '@/common/queries';

/**
 * The catalogue of `table` (`GET {liveOps}/segments/tables/{table}/columns`, one query in
 * `common/queries`); idle until the segment (and so its table) is known.
 */
export function useColumnCatalogue(table: string | undefined) {
  const query = columnCatalogueQuery(table ?? '');
  return useQuery({ ...query.options(useApiClient(query.service)), enabled: table !== undefined });
}
