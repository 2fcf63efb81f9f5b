import { DownloadOutlined } from '@ant-design/icons';
import { useExportSegment, type ExportQuery } from '../../api/create-export-ticket';
import { MutationButton } from '@/common/ui/mutation-button';

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
    <MutationButton
      icon={<DownloadOutlined aria-hidden="true" />}
      disabled={disabled}
      onClick={() => exportSegment.mutate(query)}
    >
      {exportSegment.isPending ? 'Preparing export…' : label}
    </MutationButton>
  );
}
