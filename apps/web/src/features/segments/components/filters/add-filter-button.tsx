import { FilterOutlined } from '@ant-design/icons';
import type { SegmentColumn, SegmentFilter } from '@revlane/contracts';
import { Button, Popover } from 'antd';
import { useRef, useState } from 'react';
import { AddFilterPanel } from './add-filter-panel';

interface AddFilterButtonProps {
  catalogue: SegmentColumn[];
  onAdd: (filter: SegmentFilter) => void;
}

/**
 * "Add filter" and its builder popover. The builder takes focus when it opens (its first
 * field) and gives it back to the button when it closes, applied or not.
 */
export function AddFilterButton({ catalogue, onAdd }: AddFilterButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // After the popover unmounts, or its focus trap would take focus back.
    setTimeout(() => button.current?.focus(), 0);
  };
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      open={isOpen}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      destroyOnHidden
      title="Add a filter"
      content={
        <AddFilterPanel
          catalogue={catalogue}
          onCancel={close}
          onAdd={(filter) => {
            close();
            onAdd(filter);
          }}
        />
      }
    >
      <Button ref={button} icon={<FilterOutlined aria-hidden="true" />} aria-expanded={isOpen}>
        Add filter
      </Button>
    </Popover>
  );
}
