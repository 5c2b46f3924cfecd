import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { safeHref } from '../lib/safeHref';

/**
 * A link whose target came with the data (`path` of a calendar event, a score's record, a piece
 * of evidence): a router link when `safeHref` lets the target through, its words alone otherwise.
 */
export function DataLink({
  to,
  className,
  children,
}: {
  to: string | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  const href = safeHref(to);
  return href ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <>{children}</>
  );
}
