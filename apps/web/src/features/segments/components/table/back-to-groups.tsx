import { ArrowLeftOutlined } from '@ant-design/icons';
import type { SegmentColumn, SegmentGrouping } from '@revlane/contracts';
import { Button } from 'antd';
import { backToGroupsView } from '../../lib/group-drill-down';
import type { SegmentView } from '../../lib/list-query';

interface BackToGroupsProps {
  view: SegmentView;
  grouping: SegmentGrouping;
  catalogue: SegmentColumn[];
  onViewChange: (changes: Partial<SegmentView>) => void;
}

/**
 * On the records of an opened group: one click back to the groups, the group's filters gone
 * (docs/product.md §5.3). Nothing otherwise.
 */
export function BackToGroups({ view, grouping, catalogue, onViewChange }: BackToGroupsProps) {
  const back = backToGroupsView(view, grouping, catalogue);
  if (!back) return null;
  return (
    <div>
      <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => onViewChange(back)}>
        Back to groups
      </Button>
    </div>
  );
}
