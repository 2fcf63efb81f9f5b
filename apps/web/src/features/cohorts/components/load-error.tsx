import { Button } from 'antd';
import { InlineAlert } from '@/common/ui/inline-alert';

interface LoadErrorProps {
  /** What could not be loaded, as a sentence: "The cohorts could not be loaded." */
  title: string;
  error: Error;
  onRetry: () => void;
}

/** A failed read inside a section: the server's message and a way to try again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <InlineAlert
      type="error"
      title={title}
      description={error.message}
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
