import type { ActivationRun } from '@revlane/contracts';
import { InlineAlert } from '@/common/ui/inline-alert';

/** What a run left out and why (members without a key, a key twice), when it left any out. */
export function RunNotes({ run }: { run: ActivationRun }) {
  if (run.notes.length === 0) return null;
  return (
    <InlineAlert
      type="warning"
      title="Some members were left out"
      description={
        <ul aria-label="Run notes" className="list-disc pl-5">
          {run.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      }
    />
  );
}
