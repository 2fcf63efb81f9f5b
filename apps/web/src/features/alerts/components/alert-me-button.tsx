import { BellOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { AlertFormModal } from './alert-form-modal';

/** The cohort page's shortcut: the "New alert" form on this cohort. */
export function AlertMeButton({ segmentId, cohortId }: { segmentId: string; cohortId: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button icon={<BellOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        Alert me
      </Button>
      <AlertFormModal
        open={isOpen}
        preset={{ segmentId, cohortId }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
