import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

interface EmptyPageProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** The empty state's heading, e.g. "No plays yet". */
  emptyTitle: string;
  /** What will show here once there is something. */
  children: ReactNode;
}

/** A page with nothing to show yet (its feature arrives with its own issue): header, then why. */
export function EmptyPage({ title, description, icon, emptyTitle, children }: EmptyPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState icon={icon} title={emptyTitle}>
        {children}
      </EmptyState>
    </>
  );
}
