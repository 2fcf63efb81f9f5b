import type { CohortVersion, FilterItem } from '@revlane/contracts';
import { describeAuthor, describeVersion } from '../../lib/describe-version';
import { formatTimestamp } from '@/common/lib/format-timestamp';

interface VersionEntryProps {
  version: CohortVersion;
  describeFilter: (filter: FilterItem) => string;
}

/** One version: who and when, then each change as "old → new". */
export function VersionEntry({ version, describeFilter }: VersionEntryProps) {
  return (
    <li className="border-l-2 border-slate-200 pl-3">
      <p className="text-xs text-slate-500">
        Version {version.version} · {formatTimestamp(version.changedAt)} by{' '}
        {describeAuthor(version.changedBy)}
      </p>
      <ul className="mt-1 flex flex-col gap-0.5 text-sm text-slate-800">
        {describeVersion(version, describeFilter).map((change) => (
          <li key={change.what}>
            <span className="font-medium">{change.what}: </span>
            {change.from !== undefined && (
              <>
                <del className="text-slate-500">{change.from}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> changed to </span>
              </>
            )}
            <span>{change.to}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}
