import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import axios from 'axios';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';

// Tests fake the network at `fetch` (vi.stubGlobal), so axios uses its fetch adapter here;
// everything above the adapter (interceptors, status checks, error messages) stays real.
axios.defaults.adapter = 'fetch';

// Route modules load lazily and are transformed on first use, which can take over the
// default second on a cold run; with the server suite running beside it on a 2-core CI
// machine, an antd render can take several seconds. A missing element still fails.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these browser APIs; Ant Design's responsive helpers call them.
if (typeof window.matchMedia !== 'function') {
  Object.assign(window, {
    matchMedia: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  Object.assign(window, {
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}

// jsdom does not implement pseudo-element styles and logs an error for every antd call that
// measures one (scrollbars); the element's own style is what those callers fall back to.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; one test's toasts must not show up in the next.
  toast.remove();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
