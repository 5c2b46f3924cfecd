import type { ReactNode } from 'react';
import { RouteGuard } from '../../shared/ui/RouteGuard';
import { useSurvey } from './context';

/** Survey pages check the poll's permissions, not the user's (spec §6). */
export function PollGuard({ allowed, children }: { allowed: string[]; children: ReactNode }) {
  const { poll } = useSurvey();
  return (
    <RouteGuard permissions={poll.user_permissions} allowed={allowed}>
      {children}
    </RouteGuard>
  );
}
