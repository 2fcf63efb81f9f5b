import { useCallback, useRef, useState } from 'react';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null | undefined)?.then === 'function';

/**
 * One run of `action` at a time (docs/product.md §5, Forms): while the promise `action`
 * returned is pending, `run` does not call it again and hands back that same promise. The
 * guard is a ref, set before `action` starts, so a second click dispatched before React
 * re-renders (a double click) is ignored as well; `isPending` is for rendering (loading,
 * disabled). An action that returns no promise is not held: nothing says when it ends.
 */
export function useSingleFlight<A extends unknown[], R>(action: (...args: A) => R) {
  const inFlight = useRef<{ result: R } | null>(null);
  const [isPending, setPending] = useState(false);
  const run = useCallback(
    (...args: A): R => {
      if (inFlight.current) return inFlight.current.result;
      const result = action(...args);
      if (!isThenable(result)) return result;
      const flight = { result };
      inFlight.current = flight;
      setPending(true);
      const release = () => {
        if (inFlight.current !== flight) return;
        inFlight.current = null;
        setPending(false);
      };
      // The caller gets the promise as it is and handles its failure; this branch only waits.
      void result.then(release, release);
      return result;
    },
    [action],
  );
  return { run, isPending };
}
