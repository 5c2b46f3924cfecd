import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/**
 * A short status or a count on a tinted pill: 'Completed', '3'. `strong` is a solid fill, for a
 * count that waits on the user.
 */
export function Badge({
  tone = 'neutral',
  strong = false,
  className,
  children,
  ...rest
}: {
  tone?: BadgeTone;
  strong?: boolean;
  className?: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLSpanElement>, 'className' | 'children'>) {
  const classes = [styles.badge, styles[tone], strong ? styles.strong : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <span {...rest} className={classes}>
      {children}
    </span>
  );
}
