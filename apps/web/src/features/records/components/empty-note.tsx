import type { ReactNode } from 'react';

/** What a section of the record's page says when it has nothing to list. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-500">{children}</p>;
}
