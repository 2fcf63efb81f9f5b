import { CONNECTION_LABELS, type ConnectionProvider } from '@revlane/contracts';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { InlineAlert } from '@/common/ui/inline-alert';
import { useDisconnect } from '../api/connection-actions';
import { useConnectionDependents } from '../api/get-connection-dependents';
import { DependentList, DependentsLoading } from '@/common/ui/dependents-check';

/**
 * Asks before disconnecting: the authorization is revoked, synced data stays. The alerts and
 * plays that send through the provider are listed first (ADR 0006); they fail to deliver until
 * it is reconnected, which is the user's call, so Disconnect stays allowed.
 */
export function DisconnectDialog({
  provider,
  onClose,
}: {
  provider: ConnectionProvider;
  onClose: () => void;
}) {
  const disconnect = useDisconnect();
  const check = useConnectionDependents(provider);
  const senders = check.data ?? [];
  const label = CONNECTION_LABELS[provider];
  return (
    <ConfirmDialog
      open
      title={`Disconnect ${label}?`}
      confirmText="Disconnect"
      isDanger
      isLoading={disconnect.isPending}
      onCancel={onClose}
      onConfirm={() => disconnect.mutate(provider, { onSuccess: onClose })}
    >
      <p>
        Revlane gives its access back to {label} and forgets it. Data already synced stays in your
        warehouse.
      </p>
      {check.isPending && <DependentsLoading label={`Checking what sends through ${label}…`} />}
      {check.isError && (
        <InlineAlert
          type="warning"
          className="mt-4"
          title={`What sends through ${label} could not be checked.`}
          description={check.error.message}
        />
      )}
      {senders.length > 0 && (
        <InlineAlert
          type="warning"
          className="mt-4"
          title={`These alerts and plays send through ${label}:`}
          description={
            <>
              <DependentList label={`Send through ${label}`} dependents={senders} />
              <p className="mt-2">They will stop delivering until you reconnect.</p>
            </>
          }
        />
      )}
    </ConfirmDialog>
  );
}
