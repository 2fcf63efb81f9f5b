import type { FilterGroup, FilterItem, SegmentColumn } from '@revlane/contracts';
import { Popover } from 'antd';
import { useRef, useState, type ReactElement, type RefObject } from 'react';
import { AddFilterPanel } from './add-filter-panel';

interface FilterPopoverProps {
  title: string;
  catalogue: SegmentColumn[];
  /** A group to edit; none to add a new item. */
  editing?: FilterGroup;
  onApply: (item: FilterItem) => void;
  /** The button that opens it, given the ref focus returns to and whether it is open. */
  children: (ref: RefObject<HTMLButtonElement | null>, isOpen: boolean) => ReactElement;
}

/**
 * The filter builder in a popover. The builder takes focus when it opens (its first field)
 * and gives it back to the button when it closes, applied or not.
 */
export function FilterPopover({
  title,
  catalogue,
  editing,
  onApply,
  children,
}: FilterPopoverProps) {
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
      title={title}
      content={
        <AddFilterPanel
          catalogue={catalogue}
          editing={editing}
          onCancel={close}
          onAdd={(item) => {
            close();
            onApply(item);
          }}
        />
      }
    >
      {children(button, isOpen)}
    </Popover>
  );
}
