import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

interface DisclosureButtonProps {
  isOpen: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A small link-styled toggle that shows or hides what follows it (`aria-expanded`). */
export function DisclosureButton({ isOpen, onToggle, children }: DisclosureButtonProps) {
  return (
    <Button
      size="small"
      type="link"
      className="self-start !px-0"
      icon={isOpen ? <DownOutlined aria-hidden="true" /> : <RightOutlined aria-hidden="true" />}
      aria-expanded={isOpen}
      onClick={onToggle}
    >
      {children}
    </Button>
  );
}
