import { Skeleton } from 'antd';
import { PageHeader } from '@/common/ui/page-header';

interface HomeHeaderProps {
  /** Undefined while nobody's name is known yet. */
  displayName: string | undefined;
}

/** The home page's heading and who is signed in. */
export function HomeHeader({ displayName }: HomeHeaderProps) {
  return (
    <PageHeader
      title="Home"
      description={
        displayName === undefined ? (
          <Skeleton.Input active size="small" />
        ) : (
          `Signed in as ${displayName}`
        )
      }
    />
  );
}
