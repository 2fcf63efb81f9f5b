import type { MouseEvent } from 'react';

/**
 * "Skip to main content": hidden until it takes keyboard focus (architecture §8, every control
 * reachable by keyboard). It moves focus itself instead of following `#id`, so the address
 * (which holds the segment's view) keeps no fragment.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = document.getElementById(targetId);
    target?.focus();
    target?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={skip}
      // Parked above the viewport (not display:none) so it stays in the Tab order.
      className="fixed top-3 left-3 z-[1100] -translate-y-24 rounded-lg !bg-white px-4 py-2 font-medium !text-brand-700 shadow focus:translate-y-0 focus:outline-2 focus:outline-brand-600"
    >
      Skip to main content
    </a>
  );
}
