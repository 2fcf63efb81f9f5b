import { DeleteOutlined } from '@ant-design/icons';
import type { SegmentDetail } from '@revlane/contracts';
import { Button } from 'antd';
import { useId, useState } from 'react';
import { DeleteSegmentDialog } from './delete-segment-dialog';

/** The general settings' danger zone: deleting the segment, after a confirmation. */
export function DeleteSegmentSection({ segment }: { segment: SegmentDetail }) {
  const [isConfirming, setConfirming] = useState(false);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-10 max-w-xl rounded-xl border border-red-200 p-4"
    >
      <h2 id={headingId} className="m-0 text-base font-semibold text-slate-900">
        Delete this segment
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">
        Only a segment without cohorts can be deleted; delete its cohorts first.
      </p>
      <Button
        danger
        icon={<DeleteOutlined aria-hidden="true" />}
        onClick={() => setConfirming(true)}
      >
        Delete segment
      </Button>
      {isConfirming && (
        <DeleteSegmentDialog segment={segment} onClose={() => setConfirming(false)} />
      )}
    </section>
  );
}
