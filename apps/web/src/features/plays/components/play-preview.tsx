import { EyeOutlined } from '@ant-design/icons';
import { PLAY_PREVIEW_RECORDS } from '@revlane/contracts';
import { getErrorText } from '@/common/api';
import { MutationButton } from '@/common/ui/mutation-button';
import { SectionCard } from '@/common/ui/section-card';
import { usePreviewPlay } from '../api/save-play';
import { ACTION_LABELS } from '../lib/describe-play';

/**
 * "Preview": what each saved action would send for up to 3 current members of the cohort,
 * rendered by the server with the function the runs send with; nothing is sent.
 */
export function PlayPreview({
  playId,
  hasUnsavedChanges,
}: {
  playId: string;
  hasUnsavedChanges: boolean;
}) {
  const preview = usePreviewPlay(playId);
  return (
    <SectionCard
      title="Preview"
      description={`The payloads the saved actions would send for up to ${PLAY_PREVIEW_RECORDS} members of the cohort. Nothing is sent.`}
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <MutationButton
            icon={<EyeOutlined aria-hidden="true" />}
            onClick={() => preview.mutate()}
          >
            Preview
          </MutationButton>
          {hasUnsavedChanges && (
            <span className="text-sm text-slate-500">Save first to preview your changes.</span>
          )}
        </div>
        {preview.error && (
          <p role="alert" className="text-sm text-red-600">
            {getErrorText(preview.error.body) ?? preview.error.message}
          </p>
        )}
        {preview.data &&
          (preview.data.records.length === 0 ? (
            <p className="text-sm text-slate-600">The cohort has no members to preview yet.</p>
          ) : (
            <ol aria-label="Preview payloads" className="flex flex-col gap-4">
              {preview.data.records.map((record) => (
                <li key={record.recordId} aria-label={`Record ${record.recordId}`}>
                  <h3 className="text-sm font-medium text-slate-900">{`Record ${record.recordId}`}</h3>
                  <ul className="mt-2 flex flex-col gap-2">
                    {record.actions.map((action) => (
                      <li key={action.actionId}>
                        <p className="text-xs font-medium text-slate-600">
                          {ACTION_LABELS[action.type]}
                        </p>
                        <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs text-slate-800">
                          {JSON.stringify(action.payload, null, 2)}
                        </pre>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          ))}
      </div>
    </SectionCard>
  );
}
