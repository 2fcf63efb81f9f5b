import { ClockCircleOutlined, FilterOutlined } from '@ant-design/icons';
import { ERROR_TEXTS } from '@revlane/contracts';
import { Button } from 'antd';
import { EmptyState } from '@/common/ui/empty-state';
import { InlineAlert } from '@/common/ui/inline-alert';

/** The segment's first data load still runs (docs/product.md §8's waiting message). */
export function PreparingState({ onCheckAgain }: { onCheckAgain: () => void }) {
  return (
    <EmptyState
      icon={<ClockCircleOutlined />}
      title="Preparing your data"
      action={<Button onClick={onCheckAgain}>Check again</Button>}
    >
      {ERROR_TEXTS.preparing}
    </EmptyState>
  );
}

export function NoMatchesState({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<FilterOutlined />}
      title="No records match these filters"
      action={<Button onClick={onClear}>Clear filters</Button>}
    >
      Try removing a filter or changing the search.
    </EmptyState>
  );
}

interface DataErrorStateProps {
  message: string;
  /** A passing failure: ask again. */
  onRetry?: () => void;
  /** The view itself is refused (400): go back to the segment's own settings. */
  onReset?: () => void;
}

export function DataErrorState({ message, onRetry, onReset }: DataErrorStateProps) {
  return (
    <InlineAlert
      type="error"
      title="The records could not be loaded."
      description={message}
      action={
        <>
          {onReset && <Button onClick={onReset}>Reset the view</Button>}
          {onRetry && <Button onClick={onRetry}>Try again</Button>}
        </>
      }
    />
  );
}
