import type { Database } from '../database/database.js';

/** Finds the records of one kind (alerts, plays, mappings) that use a record of another module. */
export type DependentsLookup<Dependent> = (
  db: Database,
  orgId: string,
  recordId: string,
) => Promise<Dependent[]>;

/**
 * Where modules owning dependent records register their lookups at start-up (their `jobs.ts`), so the module
 * refusing a delete (ADR 0006) does not need to know their tables and cannot forget a kind.
 */
export interface DependentsRegistry<Dependent> {
  /** Registers a lookup; the returned function removes it again (an app's close, tests). */
  register: (lookup: DependentsLookup<Dependent>) => () => void;
  /** Every registered kind's dependents of the record. */
  find: (db: Database, orgId: string, recordId: string) => Promise<Dependent[]>;
  /** How many kinds are registered (the wiring test checks each registry has its own). */
  size: () => number;
}

export function createDependentsRegistry<Dependent>(): DependentsRegistry<Dependent> {
  const lookups = new Set<DependentsLookup<Dependent>>();
  return {
    /** Registers a lookup; the returned function removes it again (tests, hot reload). */
    register: (lookup: DependentsLookup<Dependent>): (() => void) => {
      lookups.add(lookup);
      return () => lookups.delete(lookup);
    },
    /** Every registered kind's dependents of the record. */
    find: async (db: Database, orgId: string, recordId: string): Promise<Dependent[]> => {
      const found = await Promise.all([...lookups].map((lookup) => lookup(db, orgId, recordId)));
      return found.flat();
    },
    size: () => lookups.size,
  };
}
