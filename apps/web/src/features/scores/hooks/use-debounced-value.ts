import { useEffect, useMemo, useState } from 'react';

/**
 * `value` once it has stayed the same (by its JSON) for `delayMs`: the preview asks the server
 * once typing pauses, not per key. A new object with the same content does not restart the wait.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const key = JSON.stringify(value) ?? 'null';
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return useMemo(() => JSON.parse(settled) as T, [settled]);
}
