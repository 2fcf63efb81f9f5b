import { Badge, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { getInitials } from '@/common/lib/initials';

export const COMING_SOON = 'Coming soon';

interface MenuIconProps {
  icon: ReactNode;
  label: string;
  isMini: boolean;
  /** Shown on hover in the mini sidebar; defaults to the label, `false` for none. */
  tooltip?: string | false;
  /** Replaces the initials, e.g. '...' while the section loads. */
  initials?: string;
  /** Set by the menu on its icon slot; it carries the icon's spacing. */
  className?: string;
  /**
   * A count the item's label shows (unread alerts): the mini sidebar hides labels, so the
   * initials carry it as a badge (docs/product.md §2).
   */
  count?: number;
}

/** Expanded: the item's icon. Mini: its two-letter initials (docs/product.md §2), named by a tooltip. */
export function MenuIcon({
  icon,
  label,
  isMini,
  tooltip,
  initials,
  className,
  count = 0,
}: MenuIconProps) {
  if (!isMini) {
    return (
      <span aria-hidden="true" className={className}>
        {icon}
      </span>
    );
  }
  const initialsBox = (
    <span
      data-initials=""
      className="inline-flex size-8 items-center justify-center rounded-lg bg-slate-100 text-xs leading-none font-semibold tracking-wide text-current"
    >
      {initials ?? getInitials(label)}
    </span>
  );
  // The label (hidden while mini) names the count to assistive technology; this is its mirror.
  const badge = (
    <span aria-hidden="true" className={className}>
      {count > 0 ? (
        <Badge count={count} size="small" offset={[-2, 2]} data-mini-count="">
          {initialsBox}
        </Badge>
      ) : (
        initialsBox
      )}
    </span>
  );
  if (tooltip === false) return badge;
  const title = tooltip ?? label;
  return (
    <Tooltip title={count > 0 ? `${title} (${count} unread)` : title} placement="right">
      {badge}
    </Tooltip>
  );
}

/** A disabled entry that says why on hover and keyboard focus. */
export function ComingSoonLabel({
  children,
  tooltip = COMING_SOON,
}: {
  children: string;
  tooltip?: string;
}) {
  return (
    <Tooltip title={tooltip} placement="right">
      <span className="pointer-events-auto">{children}</span>
    </Tooltip>
  );
}

/**
 * A section's title (Setup, Metrics, Segments). antd keeps submenu titles out of the Tab order
 * (roving focus, tabIndex -1); this focusable label puts them back in it (architecture §8).
 * Enter bubbles to the menu, which opens or closes the section whose title holds focus.
 */
export function SectionLabel({ children }: { children: string }) {
  return (
    <span
      tabIndex={0}
      className="rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {children}
    </span>
  );
}
