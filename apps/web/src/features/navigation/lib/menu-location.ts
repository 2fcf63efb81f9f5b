import { APP_ROUTES } from '@revlane/contracts';

export type MenuSectionKey = 'setup' | 'metrics' | 'segments';

export interface MenuLocation {
  selectedKey?: string;
  /** The section holding the current page; it opens by itself (docs/product.md §2). */
  sectionKey?: MenuSectionKey;
}

export const segmentItemKey = (segmentId: string) => `segment:${segmentId}`;

function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Which menu entry and section the current path belongs to. */
export function getMenuLocation(pathname: string): MenuLocation {
  if (isWithin(pathname, APP_ROUTES.home)) return { selectedKey: 'home' };
  if (isWithin(pathname, APP_ROUTES.connections)) {
    return { selectedKey: 'connections', sectionKey: 'setup' };
  }
  const segment = /^\/app\/segments\/([^/]+)/.exec(pathname);
  if (segment?.[1]) {
    return { selectedKey: segmentItemKey(decodeURIComponent(segment[1])), sectionKey: 'segments' };
  }
  if (isWithin(pathname, APP_ROUTES.plays)) return { selectedKey: 'plays' };
  if (isWithin(pathname, APP_ROUTES.activations)) return { selectedKey: 'activations' };
  if (isWithin(pathname, APP_ROUTES.scores)) return { selectedKey: 'scores' };
  if (isWithin(pathname, APP_ROUTES.notifications)) return { selectedKey: 'alerts' };
  return {};
}
