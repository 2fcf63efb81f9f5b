import type { CompiledQuery, Warehouse } from '../../engine/warehouse.js';

/** Fails at run time on both engines, after every statement before it has run. */
const FAILING_STATEMENT: CompiledQuery = {
  sql: "SELECT CAST('not a number' AS INTEGER)",
  params: [],
};

/**
 * A REAL engine whose first `execute` gets a failing statement appended, so the engine's own
 * transaction runs the snapshot's statements and then rolls them back (a crash mid-write).
 */
export function failingFirstExecute(warehouse: Warehouse): Warehouse {
  let hasFailed = false;
  return new Proxy(warehouse, {
    get(target, property) {
      if (property === 'execute' && !hasFailed) {
        return (orgId: string, statements: readonly CompiledQuery[]) => {
          hasFailed = true;
          return target.execute(orgId, [...statements, FAILING_STATEMENT]);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
