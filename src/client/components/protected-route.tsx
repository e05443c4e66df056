import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth/auth-context';
import { Spinner } from './spinner';

/** `/login?redirect=…` holding the full path that was asked for (path, query and hash). */
export function loginRedirectPath(target: { pathname: string; search: string; hash: string }): string {
  return `/login?redirect=${encodeURIComponent(`${target.pathname}${target.search}${target.hash}`)}`;
}

/** Guards the /app/* routes: spinner while the session is loading, login redirect when anonymous. */
export function ProtectedRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <div className="ql-page-spinner">
        <Spinner label="Vérification de votre session…" />
      </div>
    );
  }
  if (status === 'anonymous') return <Navigate to={loginRedirectPath(location)} replace />;
  return <Outlet />;
}
