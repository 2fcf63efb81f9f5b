import { Button, Progress } from 'antd';
import { useEffect } from 'react';
import { InlineAlert } from '@/common/ui/inline-alert';
import { useCsvUpload, type UploadProgress } from '../../hooks/use-csv-upload';
import { formatBytes, formatDuration } from '../../lib/transfer-rate';
import { CsvDropZone } from './csv-drop-zone';

interface CsvUploadStepProps {
  onBack: () => void;
  /** The transfer service made the file a CSV source and started its first sync. */
  onUploaded: (sourceId: string, syncId: string) => void;
}

function ProgressDetails({ progress }: { progress: UploadProgress }) {
  const { bytesSent, bytesTotal, speed, secondsLeft, resumedFrom } = progress;
  return (
    <p className="text-xs text-slate-600">
      {`${formatBytes(bytesSent)} of ${formatBytes(bytesTotal)}`}
      {speed !== null && ` · ${formatBytes(speed)}/s`}
      {secondsLeft !== null && ` · ${formatDuration(secondsLeft)} left`}
      {resumedFrom > 0 && ` · resumed from ${formatBytes(resumedFrom)}`}
    </p>
  );
}

/** The CSV source's "credentials": its file, uploaded resumably with live progress. */
export function CsvUploadStep({ onBack, onUploaded }: CsvUploadStepProps) {
  const { state, start } = useCsvUpload();
  useEffect(() => {
    if (state.status === 'done') onUploaded(state.sourceId, state.syncId);
  }, [state, onUploaded]);
  const isBusy = state.status === 'uploading' || state.status === 'done';

  return (
    <div className="flex flex-col gap-4">
      <CsvDropZone onFile={(file) => void start(file)} disabled={isBusy} />
      {state.status === 'uploading' && (
        <section aria-label="Upload progress">
          <p className="text-sm font-medium text-slate-800">{`Uploading ${state.fileName}`}</p>
          <Progress
            percent={Math.floor(
              (state.progress.bytesSent / (state.progress.bytesTotal || 1)) * 100,
            )}
            status="active"
            aria-label="Upload"
          />
          <ProgressDetails progress={state.progress} />
        </section>
      )}
      {state.status === 'failed' && (
        <InlineAlert
          type="error"
          title={`${state.fileName} was not uploaded`}
          description={state.message}
        />
      )}
      <div>
        <Button onClick={onBack} disabled={isBusy}>
          Back
        </Button>
      </div>
    </div>
  );
}
