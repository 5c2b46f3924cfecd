import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectIsSignedIn } from '../../api/credentials';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { SplashCard } from '../../shared/ui/SplashCard';
import { tabHasSignedIn, trackSignIn } from '../stats/api';
import { useGetCurrentUserQuery, useLogoutMutation } from './api';

/** Spec §4 and §9: the session is re-checked every 300 000 ms. */
export const SESSION_CHECK_MS = 300_000;

/**
 * Spec §2 access rule: everything but /login needs an authenticated user. The user fetch re-runs
 * every five minutes (refreshing the counters); a session answered without a user id ends.
 */
export function RequireAuth() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const {
    data: user,
    isLoading,
    isError,
  } = useGetCurrentUserQuery(undefined, {
    skip: !signedIn,
    pollingInterval: SESSION_CHECK_MS,
    skipPollingIfUnfocused: false,
  });
  const [logout] = useLogoutMutation();
  const userWithoutId = user !== undefined && !user.id;

  useEffect(() => {
    if (userWithoutId) void logout();
  }, [userWithoutId, logout]);

  useEffect(() => {
    if (user?.id && !tabHasSignedIn()) void dispatch(trackSignIn('login_to_tab'));
  }, [user?.id, dispatch]);

  if (!signedIn) {
    const target = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirectTo=${encodeURIComponent(target)}`} replace />;
  }
  if (isLoading || userWithoutId) return <LoadingScreen label="Signing you in…" />;
  if (isError || !user) {
    return (
      <SplashCard titleId="profile-error-title">
        <h1 id="profile-error-title">We could not load your profile</h1>
        <p>Reload the page to try again.</p>
      </SplashCard>
    );
  }
  return <Outlet />;
}
