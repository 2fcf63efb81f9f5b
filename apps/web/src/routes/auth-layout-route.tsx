import { Outlet } from 'react-router';
import { AuthLayout } from '@/common/layouts/auth-layout';

/** Signed-out screens: the nested route renders in the layout's form area. */
export default function AuthLayoutRoute() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
