import type { Sync } from '@revlane/contracts';
import { InlineAlert } from '@/common/ui/inline-alert';

interface SyncWarningsProps {
  warnings: Sync['warnings'];
  className?: string;
}

/**
 * The values a run could not land as the source holds them (zero dates, digits beyond a
 * decimal, …): the run still succeeded, so they would otherwise go unnoticed.
 */
export function SyncWarnings({ warnings, className }: SyncWarningsProps) {
  if (warnings.length === 0) return null;
  return (
    <InlineAlert
      type="warning"
      title="Some values could not land as the source holds them"
      className={className}
      description={
        <ul className="list-disc pl-5">
          {warnings.map((warning) => (
            <li key={`${warning.table}.${warning.column}:${warning.message}`}>
              {`${warning.table}.${warning.column}: ${warning.message}`}
              {warning.example !== null && (
                <span className="text-slate-500">
                  {' (e.g. '}
                  <code>{warning.example}</code>
                  {')'}
                </span>
              )}
            </li>
          ))}
        </ul>
      }
    />
  );
}
