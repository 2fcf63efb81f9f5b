import type { TestResult } from '@revlane/contracts';
import { InlineAlert } from '@/common/ui/inline-alert';

interface TestResultAlertProps {
  result: TestResult;
  className?: string;
}

/** A connection test's answer: whether it works, and the source's own words on what to fix. */
export function TestResultAlert({ result, className }: TestResultAlertProps) {
  return (
    <InlineAlert
      type={result.ok ? 'success' : 'error'}
      title={result.ok ? 'Connection works' : 'Connection failed'}
      description={result.message}
      className={className}
    />
  );
}
