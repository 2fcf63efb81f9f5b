import { useEffect, useRef } from 'react';

/** `callback`, called once calls have paused for `delayMs`; a pending call is dropped on unmount. */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    schedule: (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => callback(...args), delayMs);
    },
    cancel: () => clearTimeout(timer.current),
  };
}
