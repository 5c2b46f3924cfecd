import { Navigate, Outlet, useLocation } from 'react-router';
import { selectIsSignedIn } from '../../api/credentials';
import { useAppSelector } from '../../app/hooks';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useGetCurrentUserQuery } from './api';

/** Spec §2 access rule: everything but /login needs an authenticated user. */
export function RequireAuth() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  const { data: user, isLoading, isError } = useGetCurrentUserQuery(undefined, { skip: !signedIn });
  if (!signedIn) {
    const target = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirectTo=${encodeURIComponent(target)}`} replace />;
  }
  if (isLoading) return <LoadingScreen label="Signing you in…" />;
  if (isError || !user) {
    return (
      <main className="page">
        <h1>We could not load your profile</h1>
        <p>Reload the page to try again.</p>
      </main>
    );
  }
  return <Outlet />;
}
