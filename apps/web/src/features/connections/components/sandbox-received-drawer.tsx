import { CONNECTION_LABELS, type ConnectionProvider } from '@revlane/contracts';
import { Button, Drawer } from 'antd';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { Loader } from '@/common/ui/loader';
import { useSandboxReceived } from '../api/get-sandbox-received';

interface SandboxReceivedDrawerProps {
  provider: ConnectionProvider;
  open: boolean;
  onClose: () => void;
}

/**
 * What a sandbox provider received from this organization (ADR 0021): the messages, tasks and
 * revokes the app sent it, newest first, so a play or alert can be tried end to end without a
 * real account. Read when the drawer opens and again on Refresh.
 */
export function SandboxReceivedDrawer({ provider, open, onClose }: SandboxReceivedDrawerProps) {
  const received = useSandboxReceived(provider, open);
  const label = CONNECTION_LABELS[provider];
  // The sandbox lists them oldest first.
  const newestFirst = received.data ? [...received.data].reverse() : [];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={`What the ${label} sandbox received`}
      size="large"
      destroyOnHidden
      extra={
        <Button size="small" loading={received.isFetching} onClick={() => void received.refetch()}>
          Refresh
        </Button>
      }
    >
      {received.isPending && <Loader label="Loading what the sandbox received" />}
      {received.isError && (
        <LoadError
          title="What the sandbox received could not be loaded."
          error={received.error}
          onRetry={() => void received.refetch()}
        />
      )}
      {received.data && newestFirst.length === 0 && (
        <EmptyState title="Nothing received yet">
          What Revlane sends to the {label} sandbox shows here, newest first.
        </EmptyState>
      )}
      {newestFirst.length > 0 && (
        <ol aria-label="Received" className="flex flex-col gap-3">
          {newestFirst.map((entry, index) => (
            // Two calls may share a kind and a millisecond: the position tells them apart.
            <li
              key={`${entry.at}-${entry.kind}-${index}`}
              className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200"
            >
              <div className="mb-2 flex items-baseline justify-between gap-3 text-xs">
                <span className="font-mono font-semibold text-slate-800">{entry.kind}</span>
                <time dateTime={entry.at} className="text-slate-500">
                  {formatTimestamp(entry.at)}
                </time>
              </div>
              <pre className="m-0 max-h-48 overflow-auto text-xs break-all whitespace-pre-wrap text-slate-700">
                {JSON.stringify(entry.body)}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </Drawer>
  );
}
