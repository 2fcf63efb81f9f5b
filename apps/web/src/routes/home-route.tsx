import { useSession } from '@/features/auth';
import { HomeWelcome } from '@/features/home';
import { useProfile } from '@/features/profile';

export default function HomeRoute() {
  const session = useSession();
  const profile = useProfile();
  // Until (or if) the profile loads, the identity token's name is the best we have.
  const displayName =
    profile.data?.displayName ??
    session.user?.name ??
    session.user?.email ??
    session.impersonatedUserId ??
    'your account';

  return (
    <HomeWelcome
      displayName={displayName}
      isLoading={profile.isPending && !session.user}
      isImpersonating={session.impersonatedUserId !== null}
      onSignOut={() => void session.logout()}
    />
  );
}
