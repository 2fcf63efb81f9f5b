import type { Database } from './database.js';

/** A transaction handle offers the same query API as the database. */
export type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
