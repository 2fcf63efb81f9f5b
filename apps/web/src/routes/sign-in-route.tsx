import { useParams } from 'react-router';
import { SignInPage } from '@/features/sign-in';

/** `/idp/interaction/:uid`: where the embedded identity provider sends the browser. */
export default function SignInRoute() {
  const { uid = '' } = useParams();
  // Keyed so a new interaction never inherits the previous one's errors.
  return <SignInPage key={uid} interactionUid={uid} />;
}
