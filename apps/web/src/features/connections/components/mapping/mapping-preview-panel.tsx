import type { MappingPreview } from '@revlane/contracts';
import { Spin } from 'antd';
import { mappingStatistics } from '../../lib/mapping-statistics';

interface MappingPreviewPanelProps {
  preview: MappingPreview | undefined;
  isFetching: boolean;
  /** Why there is no preview yet (incomplete mapping, or a refusal shown by the fields). */
  hint: string | null;
}

/** The live preview: the match statistics a publish would give (ADR 0019). */
export function MappingPreviewPanel({ preview, isFetching, hint }: MappingPreviewPanelProps) {
  return (
    <section
      aria-label="Preview"
      aria-busy={isFetching}
      className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
        Preview {isFetching && <Spin size="small" />}
      </h3>
      {hint && <p className="text-sm text-slate-500">{hint}</p>}
      {!hint && preview && (
        <ul className="list-inside list-disc space-y-1 text-sm text-slate-800">
          {mappingStatistics(preview).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
