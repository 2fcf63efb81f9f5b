import { SignInForm } from './sign-in-form';

/** The embedded identity provider's sign-in step, shown inside the auth layout. */
export function SignInPage({ interactionUid }: { interactionUid: string }) {
  return (
    <div className="flex flex-col gap-8">
      <title>Sign in · Revlane</title>
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Sign in</h1>
        <p className="mt-2 text-sm text-slate-600">
          Welcome back. Sign in with your work email to continue to Revlane.
        </p>
      </div>
      <SignInForm interactionUid={interactionUid} />
    </div>
  );
}
