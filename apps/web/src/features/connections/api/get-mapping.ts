import { useGetQuery } from '@/common/api';
import { mappingQuery } from '@/common/queries';

/**
 * `GET {composer}/mapping`: the draft, the published version and the latest publish run. One
 * query (`common/queries`): segment pages watch the same answer for a running publish.
 */
export const useMapping = () => useGetQuery(mappingQuery);
