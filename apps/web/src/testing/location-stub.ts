import { vi } from 'vitest';

/**
 * jsdom cannot navigate to another document. This keeps `window.location` live (the router
 * reads it) and only records full-page navigations (`assign`) instead of performing them.
 */
export function stubLocationAssign() {
  const real = window.location;
  const assign = vi.fn<(url: string | URL) => void>();
  // A plain target: proxy invariants forbid swapping the real object's frozen `assign`.
  const proxy = new Proxy({} as Location, {
    get(_target, property) {
      if (property === 'assign') return assign;
      const value: unknown = Reflect.get(real, property, real);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(real)
        : value;
    },
    set(_target, property, value) {
      return Reflect.set(real, property, value, real);
    },
  });
  vi.stubGlobal('location', proxy);
  return assign;
}
