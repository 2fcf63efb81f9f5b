import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { SkipLink } from './skip-link';
import { useKeepFocusOnNavigation } from './use-keep-focus-on-navigation';

/** The skip link's target: the page's one `main` landmark. */
const MAIN_ID = 'main-content';

interface AppLayoutProps {
  sidebar: ReactNode;
  /** A bar above the page, e.g. the impersonation banner. */
  banner?: ReactNode;
  /**
   * While a blocking dialog (terms of service) is open, the shell behind it can be neither
   * reached with the keyboard nor read by assistive technology.
   */
  isInert?: boolean;
  children: ReactNode;
}

/**
 * The signed-in frame (docs/product.md §2): a skip link as the first Tab stop, the sidebar on
 * the left, the page on the right. antd's `Layout.Content` is the `main` landmark itself (one
 * per page, architecture §8); the page takes all the width the sidebar leaves, so collapsing
 * the sidebar widens the table rather than the margins.
 */
export function AppLayout({ sidebar, banner, isInert = false, children }: AppLayoutProps) {
  useKeepFocusOnNavigation(MAIN_ID);
  return (
    <Layout
      hasSider
      className="min-h-screen !bg-slate-50"
      inert={isInert}
      aria-hidden={isInert || undefined}
    >
      <SkipLink targetId={MAIN_ID} />
      {sidebar}
      <Layout className="min-w-0 !bg-slate-50">
        {banner}
        <Layout.Content id={MAIN_ID} tabIndex={-1} className="min-w-0 px-6 py-8 outline-none">
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
