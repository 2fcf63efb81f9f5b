import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { SectionCard } from './section-card';

interface RunsCardProps<Run> {
  runs: UseQueryResult<Run[], Error>;
  /** What to do while there is no run yet, under "No runs yet". */
  emptyText: ReactNode;
  /** The runs, once there is at least one. */
  children: (runs: Run[]) => ReactNode;
}

/**
 * The "Runs" card of a play or an activation: a refresh button, then the runs while loading,
 * failed, empty or read.
 */
export function RunsCard<Run>({ runs, emptyText, children }: RunsCardProps<Run>) {
  const refresh = (
    <Button
      size="small"
      icon={<ReloadOutlined aria-hidden="true" />}
      loading={runs.isFetching}
      onClick={() => void runs.refetch()}
    >
      Refresh
    </Button>
  );
  return (
    <SectionCard title="Runs" description={refresh}>
      {runs.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : runs.isError ? (
        <LoadError title="The runs could not be loaded." onRetry={() => void runs.refetch()} />
      ) : runs.data.length === 0 ? (
        <EmptyState title="No runs yet">{emptyText}</EmptyState>
      ) : (
        children(runs.data)
      )}
    </SectionCard>
  );
}
