import type { Profile } from '@revlane/contracts';
import { lazy, Suspense } from 'react';
import { isTermsRequired } from '../lib/terms-rules';

// Needed once in a user's life, so its form code loads only then, not with every page.
const TermsOfServiceModal = lazy(() =>
  import('./terms-of-service-modal').then((module) => ({ default: module.TermsOfServiceModal })),
);

interface TermsOfServiceGateProps {
  profile: Profile | undefined;
  isImpersonating: boolean;
  onSignOut: () => void;
}

/** Opens the terms dialog when the profile says they are not accepted yet (docs/product.md §4). */
export function TermsOfServiceGate({
  profile,
  isImpersonating,
  onSignOut,
}: TermsOfServiceGateProps) {
  if (!profile || !isTermsRequired(profile, isImpersonating)) return null;
  return (
    <Suspense fallback={null}>
      <TermsOfServiceModal profile={profile} onSignOut={onSignOut} />
    </Suspense>
  );
}
