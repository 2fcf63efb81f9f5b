/**
 * What the demo organization gets (docs/architecture.md §2): its users, segments, cohorts and
 * warehouse data. This module owns the demo's content and calls each service's public seed
 * function; start-up (`main.ts`) and the CLI use it.
 */
export { seedDemo } from './seed-demo.js';
export { ensureDemoWarehouseData } from './demo-warehouse-data.js';
export { loadDemoWarehouse } from './load-demo-warehouse.js';
export { DEMO_SEGMENTS, seedDemoSegments } from './demo-segments.js';
export { DEMO_COHORTS, seedDemoCohorts } from './demo-cohorts.js';
export { DEMO_SCORES, seedDemoScores } from './demo-scores.js';
export { DEMO_EMAIL, DEMO_MEMBER_EMAIL, SUPPORT_EMAIL, seedDemoUsers } from './demo-users.js';
