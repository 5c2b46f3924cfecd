import { useNavigate } from 'react-router';
import { REDIRECT_TARGET_KEY } from '../../api/sessionExpiry';
import { useAppDispatch } from '../../app/hooks';
import { safeRedirectTarget } from '../../api/contract/signOn';
import { useLogoutMutation } from '../auth/api';
import { trackUsage } from '../stats/api';

/**
 * Spec §4 session: sign-out records the logout, revokes the session, clears the user, then goes to
 * the stored redirect target if there is one, else to the login screen.
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();
  const signOut = async () => {
    await dispatch(trackUsage({ action: 'logout' }));
    await logout()
      .unwrap()
      .catch(() => undefined);
    const stored = sessionStorage.getItem(REDIRECT_TARGET_KEY);
    sessionStorage.removeItem(REDIRECT_TARGET_KEY);
    const target = stored ? safeRedirectTarget(stored) : null;
    navigate(
      target && target !== '/' ? `/login?redirectTo=${encodeURIComponent(target)}` : '/login',
      {
        replace: true,
      },
    );
  };
  return { signOut, signingOut: isLoading };
}
