import { ForgotPasswordPage } from '@/features/sign-in';

/** `/forgot-password`: the embedded identity provider's "Forgot password?" page. */
export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
