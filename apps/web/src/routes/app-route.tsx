import { Outlet } from 'react-router';
import { ProtectedRoute } from '@/features/auth';

/** Everything under `/app` needs a session; the app shell will wrap the outlet here. */
export default function AppRoute() {
  return (
    <ProtectedRoute>
      <Outlet />
    </ProtectedRoute>
  );
}
