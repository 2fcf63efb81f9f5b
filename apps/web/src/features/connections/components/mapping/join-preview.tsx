import type { MappingJoinPreview } from '@revlane/contracts';
import { formatCount } from '../../lib/sync-status';
import { SampleRows } from './sample-rows';

interface JoinPreviewProps {
  join: MappingJoinPreview;
  /** The primary's records, in the plural: "accounts", "users". */
  records: string;
}

/**
 * How one joined table matched (ADR 0032): the server's sentence as given, its rule for
 * ambiguous matches when there were any, and examples of each kind left unmatched.
 */
export function JoinPreview({ join, records }: JoinPreviewProps) {
  return (
    <section aria-label={`${join.sourceLabel}: ${join.table}`} className="flex flex-col gap-1">
      <h4 className="text-sm font-medium text-slate-900">{`${join.sourceLabel}: ${join.table}`}</h4>
      <p className="text-sm text-slate-800">{join.summary}</p>
      {join.ambiguous > 0 && <p className="text-sm text-slate-800">{join.ambiguousRule}</p>}
      <SampleRows
        label={`Unmatched ${records} (${formatCount(join.primaryOnly)})`}
        rows={join.primaryOnlySample}
      />
      <SampleRows
        label={`Unmatched in ${join.sourceLabel} (${formatCount(join.joinedOnly)})`}
        rows={join.joinedOnlySample}
      />
      <SampleRows
        label={`Ambiguous matches (${formatCount(join.ambiguous)})`}
        rows={join.ambiguousSample}
      />
    </section>
  );
}
