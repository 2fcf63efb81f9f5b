import { CONNECTION_LABELS, type ConnectionProvider } from '@revlane/contracts';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { useDisconnect } from '../api/connection-actions';

/** Asks before disconnecting: the authorization is revoked, synced data stays. */
export function DisconnectDialog({
  provider,
  onClose,
}: {
  provider: ConnectionProvider;
  onClose: () => void;
}) {
  const disconnect = useDisconnect();
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
    </ConfirmDialog>
  );
}
