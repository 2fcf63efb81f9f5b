import { Button } from 'antd';
import { InlineAlert } from './inline-alert';

interface LoadErrorProps {
  /** What could not be loaded, as a sentence: "The cohorts could not be loaded." */
  title: string;
  /** The failed read, when its message helps the user (shown under the title). */
  error?: Error;
  onRetry: () => void;
}

/** A failed read inside a section or page, with a way to try again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <InlineAlert
      type="error"
      title={title}
      description={error?.message}
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
