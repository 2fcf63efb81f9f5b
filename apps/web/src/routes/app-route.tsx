import { useState } from 'react';
import { Outlet } from 'react-router';
import { useUnreadAlerts } from '@/features/alerts';
import { IdleTimeout, ImpersonationBanner, ProtectedRoute, useSession } from '@/features/auth';
import { AppSidebar } from '@/features/navigation';
import { isTermsRequired, TermsOfServiceGate, useProfile } from '@/features/profile';
import { CreateSegmentDialog, usePrefetchMySegments } from '@/features/segments';
import { AppLayout } from '@/common/layouts/app-layout';
import { Loader } from '@/common/ui/loader';

/** The app shell of a signed-in user: sidebar, page, and the session's dialogs. */
function SignedInShell() {
  const session = useSession();
  const profile = useProfile();
  // The sidebar's menu and the segment pages read this one list (docs/product.md §4).
  usePrefetchMySegments();

  const isImpersonating = session.impersonatedUserId !== null;
  const mustAcceptTerms = isTermsRequired(profile.data, isImpersonating);
  const name = profile.data?.displayName ?? session.user?.name ?? session.user?.email;
  const signOut = () => void session.logout();
  // The menu's "Create new..." (navigation) opens the segments feature's dialog.
  const [isCreatingSegment, setCreatingSegment] = useState(false);

  // The shell waits for the profile: it says who is signed in and whether a blocking dialog
  // (terms) comes first, so nothing can be clicked that the dialog is about to cover. A
  // profile that fails to load still gets the shell, with the identity token's name.
  // Gated on "never answered" rather than isPending: a refetch after an error is pending too.
  const isFirstLoad = profile.data === undefined && profile.errorUpdateCount === 0;
  // The menu's unread count is read once the shell shows, after the start-up reads.
  const unreadAlerts = useUnreadAlerts({ enabled: !isFirstLoad });
  if (isFirstLoad) return <Loader fullScreen label="Loading your workspace" />;

  return (
    <>
      <AppLayout
        isInert={mustAcceptTerms}
        sidebar={
          <AppSidebar
            user={{ name, photo: profile.data ? profile.data.photo : session.user?.picture }}
            onSignOut={signOut}
            unreadAlerts={unreadAlerts}
            onCreateSegment={() => setCreatingSegment(true)}
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
      <TermsOfServiceGate
        profile={profile.data}
        isImpersonating={isImpersonating}
        onSignOut={signOut}
      />
      {isCreatingSegment && <CreateSegmentDialog onClose={() => setCreatingSegment(false)} />}
      <IdleTimeout />
    </>
  );
}

/** Everything under `/app` needs a session (docs/product.md §2). */
export default function AppRoute() {
  return (
    <ProtectedRoute>
      <SignedInShell />
    </ProtectedRoute>
  );
}
