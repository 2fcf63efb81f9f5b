import { SignedOutHeading } from './signed-out-heading';
import { SignInForm } from './sign-in-form';

/** The embedded identity provider's sign-in step, shown inside the auth layout. */
export function SignInPage({ interactionUid }: { interactionUid: string }) {
  return (
    <div className="flex flex-col gap-8">
      <SignedOutHeading
        title="Sign in"
        lead="Welcome back. Sign in with your work email to continue to Revlane."
      />
      <SignInForm interactionUid={interactionUid} />
    </div>
  );
}
