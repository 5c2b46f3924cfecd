import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { LoadingScreen } from './LoadingScreen';
import { deniedReason, hasAccess } from '../lib/access';
import { usePageTitle } from '../lib/documentTitle';
import styles from './RouteGuard.module.css';

export interface GuardRule {
  /** The user passes with at least one of these. */
  allowed: readonly string[];
  /** …and none of these. */
  except?: readonly string[];
  /** Where a denied user goes; without it the fallback shows. */
  redirectTo?: string;
}

interface RouteGuardProps extends GuardRule {
  /** The permissions to check: the poll's on survey pages, the user's elsewhere; undefined while loading. */
  permissions: readonly string[] | undefined;
  children: ReactNode;
  fallback?: ReactNode;
}

/** Spec §6: a loading screen until permissions load, then the page, a redirect or a fallback. */
export function RouteGuard({
  permissions,
  allowed,
  except,
  redirectTo,
  fallback,
  children,
}: RouteGuardProps) {
  const { pathname } = useLocation();
  const granted = permissions ? hasAccess(permissions, allowed, except) : undefined;
  useEffect(() => {
    if (permissions && granted === false)
      console.warn(`Access to ${pathname} denied: ${deniedReason(permissions, allowed, except)}`);
  }, [permissions, granted, pathname, allowed, except]);

  if (!permissions) return <LoadingScreen label="Checking your access…" />;
  if (granted) return <>{children}</>;
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  return <>{fallback ?? <AccessDenied />}</>;
}

const DENIED_TITLE = 'You may not open this page';

export function AccessDenied() {
  usePageTitle(DENIED_TITLE);
  return (
    <section className={styles.denied} aria-labelledby="access-denied-title">
      <h1 id="access-denied-title">{DENIED_TITLE}</h1>
      <p>
        Your role does not include the permission this page needs. If you think it should, ask your
        account delivery owner or the platform support team.
      </p>
      <p>
        <Link to="/welcome">Go to the welcome page</Link>
      </p>
    </section>
  );
}
