/** Guards the pages of a signed-in person: a signed-out visitor goes to /sign-in and comes back afterwards. */
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { signInUrl } from '../../../lib/return-to';
import { useSession } from '../api/get-session';

export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading label="Checking your session…" />;
  if (session.isError) return <ErrorNotice error={session.error} title="Could not check your session" />;
  if (!session.data.authenticated) return <Navigate to={signInUrl(location.pathname + location.search)} replace />;
  return <Outlet />;
}
