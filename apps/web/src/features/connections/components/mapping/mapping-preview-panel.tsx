import type { MappingPreview } from '@revlane/contracts';
import { Spin } from 'antd';
import { mappingStatistics } from '../../lib/mapping-statistics';
import { JoinPreview } from './join-preview';

interface MappingPreviewPanelProps {
  preview: MappingPreview | undefined;
  isFetching: boolean;
  /** Why there is no preview yet (incomplete mapping, or a refusal shown by the fields). */
  hint: string | null;
}

/** The live preview: the match statistics a publish would give (ADR 0019), and each join's. */
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
      {!hint && preview && preview.accounts.joins.length + preview.users.joins.length > 0 && (
        <div className="mt-3 flex flex-col gap-3">
          {/* In the order of the body's joins: a table may be joined twice, so keyed by place. */}
          {preview.accounts.joins.map((join, index) => (
            <JoinPreview key={`accounts ${index}`} join={join} records="accounts" />
          ))}
          {preview.users.joins.map((join, index) => (
            <JoinPreview key={`users ${index}`} join={join} records="users" />
          ))}
        </div>
      )}
    </section>
  );
}
