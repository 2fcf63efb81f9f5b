import { APP_ROUTES, type SegmentDetail } from '@revlane/contracts';
import { Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toApiError } from '@/common/api';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { PageHeader } from '@/common/ui/page-header';
import { useSegmentDetail } from '../api/get-segment';
import { PublishBanner } from './publish-banner';

interface SegmentFrameProps {
  segmentId: string;
  actions?: ReactNode;
  children: (segment: SegmentDetail) => ReactNode;
}

function SegmentDescription({ segment }: { segment: SegmentDetail }) {
  if (!segment.description && !segment.disabled) return undefined;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {segment.disabled && <Tag color="default">Disabled</Tag>}
      {segment.description && <span>{segment.description}</span>}
    </span>
  );
}

/** Heading and not-found handling shared by the segment's pages. */
export function SegmentFrame({ segmentId, actions, children }: SegmentFrameProps) {
  const query = useSegmentDetail(segmentId);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError && toApiError(query.error).status === 404) {
    return (
      <>
        <PageHeader title="Segment not found" />
        <EmptyState title="This segment does not exist or is not shared with you">
          Pick one of your segments in the menu, or go back <Link to={APP_ROUTES.home}>home</Link>.
        </EmptyState>
      </>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="This segment could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const segment = query.data;
  return (
    <>
      <PageHeader
        title={segment.name}
        description={<SegmentDescription segment={segment} />}
        actions={actions}
      />
      <PublishBanner />
      {children(segment)}
    </>
  );
}
