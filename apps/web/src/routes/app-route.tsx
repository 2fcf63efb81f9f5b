import { Outlet } from 'react-router';
import { IdleTimeout, ImpersonationBanner, ProtectedRoute, useSession } from '@/features/auth';
import { AppSidebar } from '@/features/navigation';
import { isTermsRequired, TermsOfServiceModal, useProfile } from '@/features/profile';
import { usePrefetchMySegments } from '@/features/segments';
import { AppLayout } from '@/shared/layouts/app-layout';

/** The app shell of a signed-in user: sidebar, page, and the session's dialogs. */
function SignedInShell() {
  const session = useSession();
  const profile = useProfile();
  usePrefetchMySegments();

  const isImpersonating = session.impersonatedUserId !== null;
  const mustAcceptTerms = isTermsRequired(profile.data, isImpersonating);
  const name = profile.data?.displayName ?? session.user?.name ?? session.user?.email;
  const signOut = () => void session.logout();

  return (
    <>
      <AppLayout
        isInert={mustAcceptTerms}
        sidebar={
          <AppSidebar
            user={{ name, photo: profile.data ? profile.data.photo : session.user?.picture }}
            onSignOut={signOut}
          />
        }
        banner={
          isImpersonating && (
            <ImpersonationBanner
              name={name ?? session.impersonatedUserId ?? 'a user'}
              onStop={signOut}
            />
          )
        }
      >
        <Outlet />
      </AppLayout>
      {mustAcceptTerms && profile.data && (
        <TermsOfServiceModal profile={profile.data} onSignOut={signOut} />
      )}
      <IdleTimeout />
    </>
  );
}

/** Everything under `/app` needs a session (spec §2). */
export default function AppRoute() {
  return (
    <ProtectedRoute>
      <SignedInShell />
    </ProtectedRoute>
  );
}
