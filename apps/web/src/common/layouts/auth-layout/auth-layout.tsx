import { COPYRIGHT_LINE } from '@revlane/contracts';
import type { ReactNode } from 'react';
import { Logo } from '@/common/ui/logo';
import { MarketingPanel } from './marketing-panel';

/**
 * Layout of every signed-out screen (docs/product.md §2): the form area on the left renders the nested
 * route, the marketing panel sits on the right.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen bg-white">
      <div className="flex min-h-screen w-full flex-col px-6 py-8 sm:px-12 lg:w-1/2 xl:w-[45%]">
        <header>
          <Logo />
        </header>
        <main className="flex flex-1 items-center justify-center py-12">
          <div className="w-full max-w-sm">{children}</div>
        </main>
        <footer className="text-center text-xs text-slate-500 lg:text-left">
          <p>{COPYRIGHT_LINE}</p>
        </footer>
      </div>
      <MarketingPanel />
    </div>
  );
}
