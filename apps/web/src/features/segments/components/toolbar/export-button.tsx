import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useExportSegment, type ExportQuery } from '../../api/create-export-ticket';

interface ExportButtonProps {
  segmentId: string;
  query: ExportQuery;
  disabled?: boolean;
  /** The button's text; 'Export' for the table's view. */
  label?: string;
}

/** Exports every row of the current view as CSV: a ticket first, then the browser downloads. */
export function ExportButton({ segmentId, query, disabled, label = 'Export' }: ExportButtonProps) {
  const exportSegment = useExportSegment(segmentId);
  return (
    <Button
      icon={<DownloadOutlined aria-hidden="true" />}
      loading={exportSegment.isPending}
      disabled={disabled}
      onClick={() => exportSegment.mutate(query)}
    >
      {exportSegment.isPending ? 'Preparing export…' : label}
    </Button>
  );
}
