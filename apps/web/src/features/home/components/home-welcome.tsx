import { Alert, Button, Skeleton } from 'antd';

interface HomeWelcomeProps {
  displayName: string;
  isLoading: boolean;
  isImpersonating: boolean;
  onSignOut: () => void;
}

/** Placeholder home until the app shell and dashboard arrive; shows who is signed in. */
export function HomeWelcome({
  displayName,
  isLoading,
  isImpersonating,
  onSignOut,
}: HomeWelcomeProps) {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col gap-6 px-6 py-12">
      <title>Home · Revlane</title>
      {isImpersonating && !isLoading && (
        <Alert type="warning" showIcon title={`Impersonating ${displayName}`.trim()} />
      )}
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Home</h1>
          {isLoading ? (
            <Skeleton.Input active size="small" className="mt-2" />
          ) : (
            <p className="mt-2 text-slate-600">Signed in as {displayName}</p>
          )}
        </div>
        <Button onClick={onSignOut}>Sign out</Button>
      </div>
    </main>
  );
}
