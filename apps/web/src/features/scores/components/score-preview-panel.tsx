import {
  APP_ROUTES,
  type BaseTable,
  type ScorePreview,
  type ScorePreviewBody,
} from '@revlane/contracts';
import { Skeleton, Spin } from 'antd';
import { Link } from 'react-router';
import { InlineAlert } from '@/common/ui/inline-alert';
import { SectionCard } from '@/common/ui/section-card';
import { useScorePreview } from '../api/get-score-preview';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { formatRecords } from '../lib/describe-score';
import { ScoreBreakdownView } from './score-breakdown';
import { ScoreHistogram } from './score-histogram';

/** How long typing pauses before the preview is asked for (docs/product.md §2). */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * While the definition is edited: how today's records would score (the histogram and the
 * count per grade) and ten of them with their breakdown, each linking to its page.
 */
export function ScorePreviewPanel({ body }: { body: ScorePreviewBody | null }) {
  const settled = useDebouncedValue(body, PREVIEW_DEBOUNCE_MS);
  const preview = useScorePreview(settled);
  const isWaiting = JSON.stringify(settled) !== JSON.stringify(body) || preview.isFetching;
  return (
    <SectionCard title="Preview" description="How today's records would score.">
      {body !== null && isWaiting && (
        <div role="status" className="mb-3 flex items-center gap-2 text-sm text-slate-500">
          <Spin size="small" /> Updating…
        </div>
      )}
      {body === null ? (
        <p className="text-sm text-slate-500">
          Add a rule with its filters or event and points to see how the records would score.
        </p>
      ) : preview.isError ? (
        <InlineAlert
          type="error"
          title="The preview could not be computed."
          description={preview.error.message}
        />
      ) : preview.data === undefined ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <PreviewResult preview={preview.data} table={body.baseTable} />
      )}
    </SectionCard>
  );
}

function PreviewResult({ preview, table }: { preview: ScorePreview; table: BaseTable }) {
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-700">{`${formatRecords(preview.records, table)} scored.`}</p>
      <ScoreHistogram histogram={preview.histogram} table={table} />
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">Per grade</h3>
        <ul aria-label="Records per grade" className="flex flex-wrap gap-3 text-sm">
          {preview.grades.map((grade) => (
            <li
              key={grade.label}
              className="rounded-lg bg-slate-50 px-3 py-1 ring-1 ring-slate-200"
            >
              <span className="font-semibold">{grade.label}</span>
              {` (≥ ${grade.min}): ${formatRecords(grade.records, table)}`}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">Examples</h3>
        {preview.examples.length === 0 ? (
          <p className="text-sm text-slate-500">No records to show.</p>
        ) : (
          <ol aria-label="Example records" className="flex flex-col gap-3">
            {preview.examples.map((example) => {
              const name = example.label ?? example.recordId;
              return (
                <li
                  key={example.recordId}
                  aria-label={name}
                  className="border-b border-slate-100 pb-3"
                >
                  <Link to={APP_ROUTES.record(table, example.recordId)} className="font-medium">
                    {name}
                  </Link>
                  <ScoreBreakdownView breakdown={example} label={name} />
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}
