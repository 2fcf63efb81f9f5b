import { Button } from 'antd';
import { InlineAlert } from '@/common/ui/inline-alert';
import { useTestSource } from '../api/test-source';
import { TestResultAlert } from './test-result-alert';

interface SavedSourceTestProps {
  sourceId: string;
  /** The form holds credentials not saved yet, which the test does not read. */
  hasUnsavedChanges: boolean;
}

/**
 * "Test connection" for a saved source: the server tests the stored config, since only it
 * holds the secrets a blank field keeps; so changes are tested once saved.
 */
export function SavedSourceTest({ sourceId, hasUnsavedChanges }: SavedSourceTestProps) {
  const test = useTestSource(sourceId);
  return (
    <div className="mb-4 flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <Button onClick={() => test.mutate()} loading={test.isPending} disabled={test.isPending}>
          Test connection
        </Button>
        {hasUnsavedChanges && (
          <span className="text-xs text-slate-500">
            Tests the saved settings: save to test your changes.
          </span>
        )}
      </div>
      {test.data && <TestResultAlert result={test.data} />}
      {test.error && <InlineAlert type="error" title={test.error.message} />}
    </div>
  );
}
