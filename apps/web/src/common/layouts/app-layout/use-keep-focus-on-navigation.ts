import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * When a navigation removes the focused control (a dialog that saved and opened the new page,
 * a remounted page), focus would drop to the body and the next Tab would start over at the
 * top of the document. Then the page's `main` takes it instead (architecture §8: driven by
 * keyboard). Focus that survived the navigation, e.g. on the menu link used, stays put.
 */
const RESCUE_AFTER_MS = [0, 100, 300, 700];

export function useKeepFocusOnNavigation(targetId: string) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // Checked for a moment, not once: the old page's dialog may leave a little after the
    // address changes, and the new page's own autofocus (if any) has its turn first.
    const rescue = () => {
      const active = document.activeElement;
      if (active === null || active === document.body) {
        document.getElementById(targetId)?.focus({ preventScroll: true });
      }
    };
    const timers = RESCUE_AFTER_MS.map((delay) => setTimeout(rescue, delay));
    return () => timers.forEach(clearTimeout);
  }, [pathname, targetId]);
}
