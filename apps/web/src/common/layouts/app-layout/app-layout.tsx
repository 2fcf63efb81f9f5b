import { Layout } from 'antd';
import type { ReactNode } from 'react';

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

/** The signed-in frame (docs/product.md §2): sidebar on the left, the page on the right. */
export function AppLayout({ sidebar, banner, isInert = false, children }: AppLayoutProps) {
  return (
    <Layout
      hasSider
      className="min-h-screen !bg-slate-50"
      inert={isInert}
      aria-hidden={isInert || undefined}
    >
      {sidebar}
      <Layout className="min-w-0 !bg-slate-50">
        {banner}
        <Layout.Content>
          <main className="mx-auto w-full max-w-6xl px-6 py-8 lg:px-10">{children}</main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
