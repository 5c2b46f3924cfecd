import type { ReactNode } from 'react';
import { RouteGuard, type GuardRule } from '../../shared/ui/RouteGuard';
import { useGetCurrentUserQuery } from '../auth/api';

export type { GuardRule };

/** The guard over the user's own permissions. */
export function UserRouteGuard(props: GuardRule & { children: ReactNode }) {
  const { data: user } = useGetCurrentUserQuery();
  return <RouteGuard {...props} permissions={user?.permissions} />;
}
