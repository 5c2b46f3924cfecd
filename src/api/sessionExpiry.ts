import { navigate } from '../shared/lib/navigation';

/** Session-storage keys of spec §8's failed re-authentication. */
export const REFRESH_FAILED_KEY = 'pep.auth.refreshFailed';
export const REDIRECT_TARGET_KEY = 'pep.auth.redirectTo';

/**
 * A refused token refresh: record the failure and the path, then go to the login screen with
 * redirectTo, unless the target is the root, the login screen, or already recorded.
 */
export function handleRefusedRefresh(): void {
  if (typeof location === 'undefined' || typeof sessionStorage === 'undefined') return;
  const target = `${location.pathname}${location.search}`;
  sessionStorage.setItem(REFRESH_FAILED_KEY, 'true');
  const alreadyRecorded = sessionStorage.getItem(REDIRECT_TARGET_KEY) === target;
  if (location.pathname === '/' || location.pathname.startsWith('/login') || alreadyRecorded)
    return;
  sessionStorage.setItem(REDIRECT_TARGET_KEY, target);
  navigate(`/login?redirectTo=${encodeURIComponent(target)}`);
}
