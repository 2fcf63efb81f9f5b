import type { ReactNode } from 'react';
import { Logo } from './logo';

interface MessageScreenProps {
  title: string;
  children?: ReactNode;
  /** Buttons or links that get the user out of this state. */
  actions?: ReactNode;
  /** `alert` for failures so assistive technology announces them at once. */
  role?: 'alert' | 'region';
}

/**
 * A centred full-page message (errors, not found). Tailwind only, so it also works when the
 * application bundle itself failed to load.
 */
export function MessageScreen({ title, children, actions, role = 'region' }: MessageScreenProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 py-12">
      <title>{`${title} · Revlane`}</title>
      <Logo className="mb-10" />
      <section
        role={role}
        aria-labelledby="message-screen-title"
        className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
      >
        <h1 id="message-screen-title" className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        {children && <div className="mt-3 text-sm leading-6 text-slate-600">{children}</div>}
        {actions && <div className="mt-6 flex justify-center gap-3">{actions}</div>}
      </section>
    </main>
  );
}

/** Primary-looking button for message screens (no component library needed). */
export function MessageScreenButton(props: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    />
  );
}
