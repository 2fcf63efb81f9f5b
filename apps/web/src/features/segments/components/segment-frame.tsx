import { APP_ROUTES } from '@revlane/contracts';
import { Button, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { InlineAlert } from '@/shared/ui/inline-alert';
import { PageHeader } from '@/shared/ui/page-header';
import { useSegment } from '../hooks/use-segment';

interface SegmentFrameProps {
  segmentId: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** Heading and not-found handling shared by the segment's pages. */
export function SegmentFrame({ segmentId, actions, children }: SegmentFrameProps) {
  const { segment, isPending, isError, retry } = useSegment(segmentId);
  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) {
    return (
      <InlineAlert
        type="error"
        title="Your segments could not be loaded."
        action={<Button onClick={retry}>Try again</Button>}
      />
    );
  }
  if (!segment) {
    return (
      <>
        <PageHeader title="Segment not found" />
        <EmptyState title="This segment does not exist or is not shared with you">
          Pick one of your segments in the menu, or go back <Link to={APP_ROUTES.home}>home</Link>.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={segment.name}
        description={segment.disabled ? <Tag color="default">Disabled</Tag> : undefined}
        actions={actions}
      />
      {children}
    </>
  );
}
