import { InlineAlert } from '@/common/ui/inline-alert';
import { MutationButton } from '@/common/ui/mutation-button';
import { useTestSource } from '../api/test-source';
import { TestResultAlert } from './test-result-alert';

interface SavedSourceTestProps {
  sourceId: string;
  /** The form's credentials when they differ from the saved ones, else null. */
  changes: Record<string, unknown> | null;
}

/**
 * "Test connection" for a saved source: the server tests the stored config, since only it
 * holds the secrets a blank field keeps, with the form's changes merged over it (not saved).
 */
export function SavedSourceTest({ sourceId, changes }: SavedSourceTestProps) {
  const test = useTestSource(sourceId);
  return (
    <div className="mb-4 flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <MutationButton onClick={() => test.mutate(changes)}>Test connection</MutationButton>
      </div>
      {test.data && <TestResultAlert result={test.data} />}
      {test.error && <InlineAlert type="error" title={test.error.message} />}
    </div>
  );
}
