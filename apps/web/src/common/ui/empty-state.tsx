import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** What a page shows when it has nothing yet: what will be here, and how to get there. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <section
      aria-label={title}
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-14 text-center"
    >
      {icon && (
        <span
          aria-hidden="true"
          className="mb-4 flex size-12 items-center justify-center rounded-xl bg-white text-2xl text-brand-600 shadow-sm ring-1 ring-slate-200"
        >
          {icon}
        </span>
      )}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children && <div className="mt-2 max-w-md text-sm leading-6 text-slate-600">{children}</div>}
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}
