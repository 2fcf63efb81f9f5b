import { MessageScreen, MessageScreenButton } from '@/common/ui/message-screen';

/** Shown when the configuration or the application bundle could not be loaded. */
export function BootErrorScreen({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <MessageScreen
      role="alert"
      title="Revlane could not start"
      actions={
        <MessageScreenButton onClick={() => window.location.reload()}>
          Try again
        </MessageScreenButton>
      }
    >
      <p>{detail}</p>
      <p className="mt-2">If this keeps happening, please contact the administrator.</p>
    </MessageScreen>
  );
}
