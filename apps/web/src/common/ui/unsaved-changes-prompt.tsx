import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

interface UnsavedChangesPromptProps {
  /** The form differs from what is saved. */
  isDirty: boolean;
}

/**
 * Asks before leaving a form with unsaved edits (ADR 0013: no silent losses), for any move
 * inside the app, a tab switch included, since each settings tab is its own route. Needs the
 * data router (app/app.tsx uses createBrowserRouter).
 */
export function UnsavedChangesPrompt({ isDirty }: UnsavedChangesPromptProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmText="Leave without saving"
      cancelText="Stay on this page"
      isDanger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      Your changes on this page are not saved yet. If you leave now, they are lost.
    </ConfirmDialog>
  );
}
