import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useExportSegment, type ExportQuery } from '../../api/create-export-ticket';

interface ExportButtonProps {
  segmentId: string;
  query: ExportQuery;
  disabled?: boolean;
}

/** Exports every row of the current view as CSV: a ticket first, then the browser downloads. */
export function ExportButton({ segmentId, query, disabled }: ExportButtonProps) {
  const exportSegment = useExportSegment(segmentId);
  return (
    <Button
      icon={<DownloadOutlined aria-hidden="true" />}
      loading={exportSegment.isPending}
      disabled={disabled}
      onClick={() => exportSegment.mutate(query)}
    >
      {exportSegment.isPending ? 'Preparing export…' : 'Export'}
    </Button>
  );
}
