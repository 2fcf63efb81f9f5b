import { useEffect, useRef } from 'react';

/** Calls `refetch` whenever `value` changes after the first render (compared with `Object.is`). */
export function useRefetchOnChange(value: unknown, refetch: () => Promise<unknown>) {
  const seen = useRef(value);
  useEffect(() => {
    if (Object.is(seen.current, value)) return;
    seen.current = value;
    void refetch();
  }, [value, refetch]);
}
