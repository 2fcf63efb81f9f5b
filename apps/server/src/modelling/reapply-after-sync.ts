import type { WarehouseLoaded } from '../platform/jobs/warehouse-loaded.js';
import type { MappingDeps } from './publish-mapping.js';
import { listVersions } from './mapping.repository.js';
import { queueMappingRun } from './mapping.service.js';

/**
 * After a successful sync: when the organization's published mapping reads the synced
 * source, the mapping is applied again, so segments follow the source by themselves
 * (docs/architecture.md §3, the load flow).
 */
export async function reapplyAfterSync(deps: MappingDeps, event: WarehouseLoaded) {
  if (event.reason !== 'sync' || !event.sourceId) return;
  const [latest] = await listVersions(deps.db, event.orgId, 1);
  if (!latest) return;
  const { accounts, users, events } = latest.mapping;
  const sources = [accounts.sourceId, users.sourceId, events?.sourceId];
  if (!sources.includes(event.sourceId)) return;
  await queueMappingRun(deps.db, deps.jobs, event.orgId, latest.version);
}
