import { ResetPasswordPage } from '@/features/sign-in';

/** `/reset-password#token=…`: where a reset link lands. */
export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
